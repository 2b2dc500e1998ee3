import { expect, test } from '@playwright/test';
import { expectCompleteReport, sendBugReportThroughMessenger } from '../support/bug-report-flow';
import { HOST_ORIGIN, MESSENGER_URL, routeFakeApi } from '../support/fake-api';
import { esmBugReport, widgetHost } from '../../../selectors';

test('the launcher is a real button in a shadow root that opens the messenger frame without a query string', async ({
  page,
}) => {
  await routeFakeApi(page);
  await page.goto(`${HOST_ORIGIN}/esm-bug-report/`);
  const launcher = widgetHost.launcher(page);
  await expect(launcher).toBeVisible();
  expect(
    await page.evaluate(() => document.querySelector('voltline-widget')?.shadowRoot?.querySelector('button') != null),
  ).toBe(true);
  await launcher.click();
  await expect(page.locator(esmBugReport.iframeTitleFeedbackAndSupport)).toHaveAttribute('src', MESSENGER_URL);
});

test('a visitor sends a bug report through the messenger from a page that imports the ESM build', async ({ page }) => {
  const report = await sendBugReportThroughMessenger(page, '/esm-bug-report/');
  expectCompleteReport(report);
});
