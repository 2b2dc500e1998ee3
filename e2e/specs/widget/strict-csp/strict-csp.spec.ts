import { expect, test } from '@playwright/test';
import { sendBugReportThroughMessenger } from '../support/bug-report-flow';
import { HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { widgetHost } from '../../../selectors';

test('under a strict CSP the launcher is styled and nothing is blocked', async ({ page }) => {
  await routeFakeApi(page, { flowConfig: { buttonColor: '#0a7d5a' } });
  await page.goto(`${HOST_ORIGIN}/strict-csp/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  const launcher = widgetHost.launcher(page);
  await expect(launcher).toBeVisible();
  await expect(launcher).toHaveCSS('position', 'fixed');
  await expect(launcher).toHaveCSS('background-color', 'rgb(10, 125, 90)');
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});

test('under a strict CSP a whole bug report through the messenger, replay on, causes no violation', async ({
  page,
}) => {
  // Issue 17 item 10: the widget sets no inline style attribute on the host page (CSSOM and constructed sheets only),
  // so `style-src 'self'` reports nothing while the button, the frame and the report's capture run. Issue 36 item 9:
  // the same with web replays recording (the replay chunk caused 10 style-src-attr violations).
  const report = await sendBugReportThroughMessenger(page, '/strict-csp/', { enableWebReplays: true });
  expect(report.formData).toMatchObject({ description: 'The checkout button does nothing' });
  const replay = report.webReplay as { type: string; events: { type: number }[] };
  expect(replay.type).toBe('rrweb');
  // a full snapshot (type 2) was recorded, and the page's CSSOM changes of its heading as style mutations (main.js)
  expect(replay.events.map((e) => e.type)).toContain(2);
  expect(JSON.stringify(replay.events)).toMatch(/"attributes":\[\{"id":\d+,"attributes":\{"style":/);
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
});
