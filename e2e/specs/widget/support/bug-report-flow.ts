import { type Page, expect } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from './fake-api';
import { messenger, selectors } from './selectors';

/** Drive the real messenger frame through a bug report and return the recorded `/bugs/v2` body. */
export async function sendBugReportThroughMessenger(page: Page, hostPath: string) {
  const api = await routeFakeApi(page);
  await page.goto(`${HOST_ORIGIN}${hostPath}`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  // things the report must carry: a console line, a network request, a custom event, custom data
  await page.evaluate(async () => {
    console.warn('host warning', { cart: 3 });
    await fetch('/support/fixture.json');
  });
  await selectors.launcher(page).click();
  const frame = selectors.frame(page);
  await frame.getByRole('button', { name: messenger.reportBug }).click();
  await frame.getByLabel(messenger.description).fill('The checkout button does nothing');
  await frame.getByLabel(messenger.email).fill('ada@example.com');
  await frame.getByRole('button', { name: messenger.send }).click();
  await expect(frame.getByRole('heading', { name: messenger.thanks })).toBeVisible();
  await expect.poll(() => api.bugReports().length).toBe(1);
  return api.bugReports()[0]!;
}

export function expectCompleteReport(report: Record<string, unknown>) {
  expect(report.type).toBe('BUG');
  expect(report.formData).toMatchObject({ description: 'The checkout button does nothing' });
  expect(report.metaData).toMatchObject({ sdkVersion: '14.2.11', sdkType: 'javascript', environment: 'prod' });
  expect(report.customData).toMatchObject({ plan: 'pro' });
  expect(report.consoleLog).toEqual(
    expect.arrayContaining([expect.objectContaining({ log: 'host warning {"cart":3}', priority: 'WARNING' })]),
  );
  expect(report.networkLogs).toEqual(
    expect.arrayContaining([expect.objectContaining({ url: '/support/fixture.json', type: 'GET' })]),
  );
  expect(report.customEventLog).toEqual(
    expect.arrayContaining([expect.objectContaining({ name: 'host-page-loaded' })]),
  );
}
