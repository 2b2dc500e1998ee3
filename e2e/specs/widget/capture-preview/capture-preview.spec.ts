import { type Page, expect, test } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { capturePreview, messengerForm, ui, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

async function openBugFormWithPreview(page: Page) {
  const api = await routeFakeApi(page);
  await page.goto(`${HOST_ORIGIN}/capture-preview/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await page.evaluate(async () => {
    console.warn('host warning');
    await fetch('/support/fixture.json');
  });
  await widgetHost.launcher(page).click();
  const frame = widgetHost.frame(page);
  await frame.getByRole(...ui.buttonNamed(messengerForm.reportBug)).click();
  const preview = frame.getByRole(...capturePreview.whatWillBeSentRegion);
  await expect(preview.getByTitle(capturePreview.screenshotPreviewTitle)).toBeVisible();
  return { api, frame, preview };
}

async function send(frame: ReturnType<typeof widgetHost.frame>) {
  await frame.getByLabel(messengerForm.description).fill('The checkout button does nothing');
  await frame.getByLabel(messengerForm.email).fill('ada@example.com');
  await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
}

test('the form shows what the report will carry, and the report carries exactly that', async ({ page }) => {
  const { api, frame, preview } = await openBugFormWithPreview(page);
  await expect(preview.getByText(capturePreview.consoleLogText)).toBeVisible();
  await expect(preview.getByText(capturePreview.networkLogText)).toBeVisible();
  await expect(preview.getByText(capturePreview.planText, { exact: true })).toBeVisible();
  await expect(preview.getByText(capturePreview.maskedAndNeverSentText)).toBeVisible();
  // The thumbnail renders the snapshot itself: the host page's heading, inside a sandboxed frame.
  const thumb = frame.frameLocator(capturePreview.iframeTitleScreenshotPreviewFrame);
  await expect(thumb.getByRole(...capturePreview.fleetCheckoutHeading)).toBeVisible();
  await preview.getByText(capturePreview.customDataText).scrollIntoViewIfNeeded();
  await lookAt(page, { path: test.info().outputPath('capture-preview.png') });
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
  await preview.getByRole(...capturePreview.removeScreenshot).click();
  await expect(preview.getByTitle(capturePreview.screenshotPreviewTitle)).toHaveCount(0);
  await expect(preview.getByText(capturePreview.removedNotSentText)).toBeVisible();
  await preview.getByText(capturePreview.customDataText).scrollIntoViewIfNeeded();
  await lookAt(page, { path: test.info().outputPath('capture-preview-removed.png') });
  await send(frame);
  await expect.poll(() => api.bugReports().length).toBe(1);
  const report = api.bugReports()[0]!;
  expect(report.screenshotData).toBeUndefined();
  expect(report.consoleLog).toEqual(expect.arrayContaining([expect.objectContaining({ log: 'host warning' })]));
});
