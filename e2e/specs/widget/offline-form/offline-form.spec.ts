import { expect, type Page, test } from '@playwright/test';
import { HOST_ORIGIN, MESSENGER_URL, routeFakeApi } from '../support/fake-api';
import { outboxEntries } from '../support/outbox';
import { offlineForm, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

/**
 * Issue 17 item 6 (decision 0105): when the messenger frame cannot load, opening the widget shows a minimal bug form in
 * the widget's own shadow root; its report goes to the outbox and reaches `/bugs/v2` once, when the network is back.
 */

// the ESM host page of the bug report spec: the widget with its API and messenger URLs, `widgetReady` once initialized
const PAGE = `${HOST_ORIGIN}/esm-bug-report/`;
const OFFLINE_TEXT = 'You are offline; we will send this when you are back.';

async function openPage(page: Page) {
  const api = await routeFakeApi(page);
  // the messenger's origin is unreachable
  await page.route(`${MESSENGER_URL}**`, (route) => route.abort('connectionrefused'));
  await page.goto(PAGE);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  // the core preloads the form's chunk in idle time after initialize: it is there before the network goes
  await page.waitForFunction(() =>
    performance.getEntriesByType('resource').some((e) => /\/offline-form-[^/]+\.js$/.test(e.name)),
  );
  return api;
}

const outboxCount = async (page: Page) => (await outboxEntries(page)).length;

test('offline with the messenger unreachable: the form in the shadow root keeps the report until the network is back', async ({
  page,
  context,
}) => {
  const api = await openPage(page);
  await context.setOffline(true);
  await widgetHost.launcher(page).click();
  const form = widgetHost.offlineForm(page);
  await expect(form).toBeVisible();
  await expect(form.getByRole(...offlineForm.status)).toHaveText(OFFLINE_TEXT);
  // it lives in the widget's own shadow root
  expect(
    await page.evaluate(() => !!document.querySelector('voltline-widget')?.shadowRoot?.querySelector('form.offline')),
  ).toBe(true);
  await lookAt(page, { path: test.info().outputPath('offline-form.png') });

  // validation: description required, e-mail format
  await form.getByLabel(offlineForm.email).fill('not-an-address');
  await form.getByRole(...offlineForm.send).click();
  await expect(form.getByText(offlineForm.descriptionRequired)).toBeVisible();
  await expect(form.getByText(offlineForm.emailInvalid)).toBeVisible();
  await expect(form.getByLabel(offlineForm.description)).toBeFocused();
  await lookAt(page, { path: test.info().outputPath('offline-form-errors.png') });

  await form.getByLabel(offlineForm.description).fill('The map does not load');
  await form.getByLabel(offlineForm.email).fill('ada@example.com');
  await form.getByRole(...offlineForm.send).click();
  await expect(form.getByRole(...offlineForm.status)).toContainText('Your report is saved');
  await lookAt(page, { path: test.info().outputPath('offline-form-saved.png') });
  await expect.poll(() => outboxCount(page)).toBe(1);
  expect(api.bugReports()).toHaveLength(0);

  // the network is back: the outbox drains, the report arrives once
  await context.setOffline(false);
  await expect.poll(() => api.bugReports().length, { timeout: 15_000 }).toBe(1);
  expect(api.bugReports()[0]!.formData).toMatchObject({
    description: 'The map does not load',
    reportedBy: 'ada@example.com',
  });
  await expect.poll(() => outboxCount(page)).toBe(0);
  await page.waitForTimeout(1000);
  expect(api.bugReports()).toHaveLength(1);
});

test('online with the messenger unreachable: the form shows once the frame has not answered in 5 s', async ({
  page,
}) => {
  const api = await openPage(page);
  await widgetHost.launcher(page).click();
  const form = widgetHost.offlineForm(page);
  await expect(form).toBeHidden();
  await expect(form).toBeVisible({ timeout: 10_000 });
  await form.getByLabel(offlineForm.description).fill('The messenger never opens');
  await form.getByRole(...offlineForm.send).click();
  await expect.poll(() => api.bugReports().length).toBe(1);
  expect(api.bugReports()[0]!.formData).toMatchObject({ description: 'The messenger never opens' });
  // the launcher closes it again
  await widgetHost.launcher(page).click();
  await expect(form).toBeHidden();
});
