import { type Page, expect, test } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { messenger, selectors } from '../support/selectors';

async function openBugFormWithPreview(page: Page) {
  const api = await routeFakeApi(page);
  await page.goto(`${HOST_ORIGIN}/capture-preview/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await page.evaluate(async () => {
    console.warn('host warning');
    await fetch('/support/fixture.json');
  });
  await selectors.launcher(page).click();
  const frame = selectors.frame(page);
  await frame.getByRole('button', { name: messenger.reportBug }).click();
  const preview = frame.getByRole('region', { name: 'What will be sent' });
  await expect(preview.getByTitle('Screenshot preview')).toBeVisible();
  return { api, frame, preview };
}

async function send(frame: ReturnType<typeof selectors.frame>) {
  await frame.getByLabel(messenger.description).fill('The checkout button does nothing');
  await frame.getByLabel(messenger.email).fill('ada@example.com');
  await frame.getByRole('button', { name: messenger.send }).click();
  await expect(frame.getByRole('heading', { name: messenger.thanks })).toBeVisible();
}

test('the form shows what the report will carry, and the report carries exactly that', async ({ page }) => {
  const { api, frame, preview } = await openBugFormWithPreview(page);
  await expect(preview.getByText('Console log')).toBeVisible();
  await expect(preview.getByText('Network log')).toBeVisible();
  await expect(preview.getByText('plan', { exact: true })).toBeVisible();
  await expect(preview.getByText(/masked and never sent/)).toBeVisible();
  // The thumbnail renders the snapshot itself: the host page's heading, inside a sandboxed frame.
  const thumb = frame.frameLocator('iframe[title="Screenshot preview"]');
  await expect(thumb.getByRole('heading', { name: 'Fleet checkout' })).toBeVisible();
  await preview.getByText('Custom data').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('capture-preview.png') });
  await send(frame);
  await expect.poll(() => api.bugReports().length).toBe(1);
  const report = api.bugReports()[0]!;
  expect((report.screenshotData as { html: string }).html).toContain('Fleet checkout');
  expect(JSON.stringify(report.screenshotData)).not.toContain('hunter2');
  expect(report.consoleLog).toEqual(expect.arrayContaining([expect.objectContaining({ log: 'host warning' })]));
  expect(report.customData).toMatchObject({ plan: 'pro' });
});

test('a visitor removes the screenshot in the preview and the sent report has none', async ({ page }) => {
  const { api, frame, preview } = await openBugFormWithPreview(page);
  await preview.getByRole('button', { name: 'Remove screenshot' }).click();
  await expect(preview.getByTitle('Screenshot preview')).toHaveCount(0);
  await expect(preview.getByText('removed, not sent')).toBeVisible();
  await preview.getByText('Custom data').scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('capture-preview-removed.png') });
  await send(frame);
  await expect.poll(() => api.bugReports().length).toBe(1);
  const report = api.bugReports()[0]!;
  expect(report.screenshotData).toBeUndefined();
  expect(report.consoleLog).toEqual(expect.arrayContaining([expect.objectContaining({ log: 'host warning' })]));
});
