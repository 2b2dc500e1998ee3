import { type Page, expect } from '@playwright/test';
import { HOST_ORIGIN, routeFakeApi } from './fake-api';
import { messengerForm, ui, widgetHost } from '../../../selectors';

/** Drive the real messenger frame through a bug report and return the recorded `/bugs/v2` body. */
export async function sendBugReportThroughMessenger(
  page: Page,
  hostPath: string,
  flowConfig?: Record<string, unknown>,
) {
  const api = await routeFakeApi(page, { flowConfig });
  await page.goto(`${HOST_ORIGIN}${hostPath}`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  // things the report must carry: a console line, a network request, a custom event, custom data
  await page.evaluate(async () => {
    console.warn('host warning', { cart: 3 });
    await fetch('/support/fixture.json');
  });
  await widgetHost.launcher(page).click();
  const frame = widgetHost.frame(page);
  await frame.getByRole(...ui.buttonNamed(messengerForm.reportBug)).click();
  await frame.getByLabel(messengerForm.description).fill('The checkout button does nothing');
  await frame.getByLabel(messengerForm.email).fill('ada@example.com');
  await frame.getByRole(...ui.buttonNamed(messengerForm.send)).click();
  await expect(frame.getByRole(...ui.headingNamed(messengerForm.thanks))).toBeVisible();
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
