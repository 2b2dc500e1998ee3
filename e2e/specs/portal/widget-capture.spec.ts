import { expect, test } from '@playwright/test';
import { signInToDashboard } from './portal-session';
import { widgetCapture } from '../../selectors';
import { lookAt } from '../look';

// Issue 18, item 13: a bug report captured on the portal (the demo embeds our widget) logs nothing to the console,
// and its replay summary covers the time already spent on the page.
test('capturing a bug report on the portal logs no error and the replay covers the visit', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInToDashboard(page, 'SA');
  // Some time on the page, with a visitor's moves, so the replay has something to cover.
  await page.waitForTimeout(3_000);
  for (let i = 0; i < 10; i += 1) {
    await page.mouse.move(300 + i * 60, 200 + i * 30, { steps: 4 });
    await page.waitForTimeout(150);
  }
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(1_500);
  await page.getByRole(...widgetCapture.open).click();
  const frame = page.frameLocator(widgetCapture.iframeTitleFeedbackAndSupportFrame);
  await frame.getByRole(...widgetCapture.reportABug).click();
  const preview = frame.getByRole(...widgetCapture.whatWillBeSentRegion);
  await expect(preview.getByTitle(widgetCapture.screenshotPreviewTitle)).toBeVisible({ timeout: 30_000 });
  // "last 0 seconds, 2 events" was a replay of nothing but the first snapshot; the live dashboard keeps changing.
  const replay = preview.getByText(widgetCapture.lastSecondsEventsText);
  await expect(replay).toBeVisible();
  const text = (await replay.textContent()) ?? '';
  const [, seconds, events] = (/last ([\d,]+) seconds?, ([\d,]+)/.exec(text) ?? []).map((n) => n.replaceAll(',', ''));
  expect(Number(seconds), text).toBeGreaterThan(0);
  expect(Number(events), text).toBeGreaterThan(2);
  await page.waitForTimeout(1_000);
  await lookAt(page, { path: test.info().outputPath('portal-bug-report.png') });
  expect(errors).toEqual([]);
});
