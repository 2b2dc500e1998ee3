import { expect, test } from '@playwright/test';
import { HOST_ORIGIN } from '../support/fake-api';
import { expectCompleteReport, sendBugReportThroughMessenger } from '../support/bug-report-flow';

test('the UMD build exposes window.Gleap', async ({ page }) => {
  await page.goto(`${HOST_ORIGIN}/umd-bug-report/`);
  expect(
    await page.evaluate(() => typeof (window as unknown as { Gleap?: { initialize?: unknown } }).Gleap?.initialize),
  ).toBe('function');
});

test('a visitor sends a bug report through the messenger from a page that loads the UMD build', async ({ page }) => {
  const report = await sendBugReportThroughMessenger(page, '/umd-bug-report/');
  expectCompleteReport(report);
});
