import { type Page, expect, test } from '@playwright/test';
import { HOST_ORIGIN, OTHER_ORIGIN, routeFakeApi } from '../support/fake-api';
import { widgetHost } from '../../../selectors';

type Received = { name: string; data: unknown; origin: string }[];

async function openWithStandIn(page: Page, opts: { bugsStatus?: number } = {}) {
  const api = await routeFakeApi(page, opts);
  await page.goto(`${HOST_ORIGIN}/frame-origin/`);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await widgetHost.launcher(page).click();
  const standIn = () => page.frames().find((f) => f.url().startsWith(`${OTHER_ORIGIN}/frame-origin/`));
  await expect.poll(() => !!standIn()).toBe(true);
  const frame = standIn()!;
  await frame.waitForLoadState();
  expect(frame.url()).toBe(`${OTHER_ORIGIN}/frame-origin/stand-in-frame.html`);
  const received = () => frame.evaluate(() => (window as unknown as { received: Received }).received);
  await expect.poll(async () => (await received()).map((m) => m.name)).toContain('widget-status-update');
  return { api, frame, received };
}

const sendFeedbackMessage = (type = 'BUG') =>
  JSON.stringify({
    name: 'send-feedback',
    data: { formData: { description: 'From the frame' }, action: { feedbackType: type } },
  });

test('after the ping the widget sends config and session to the frame, then opens', async ({ page }) => {
  const { received } = await openWithStandIn(page);
  const names = (await received()).map((m) => m.name);
  expect(names.slice(0, 3)).toEqual(['config-update', 'session-update', 'widget-status-update']);
  expect((await received())[1]!.data).toMatchObject({ sdkKey: 'e2e-key', sessionData: { gleapId: 'gid-e2e' } });
  expect(await page.evaluate(() => (window as unknown as { Gleap: { isOpened(): boolean } }).Gleap.isOpened())).toBe(
    true,
  );
});

test('send-feedback from the frame origin posts /bugs/v2 and answers feedback-sent', async ({ page }) => {
  const { api, frame, received } = await openWithStandIn(page);
  await frame.evaluate((raw) => {
    const msg = JSON.parse(raw);
    (window as unknown as { sendToHost: (n: string, d: unknown) => void }).sendToHost(msg.name, msg.data);
  }, sendFeedbackMessage());
  await expect.poll(() => api.bugReports().length).toBe(1);
  expect(api.bugReports()[0]).toMatchObject({
    type: 'BUG',
    priority: 'MEDIUM',
    formData: { description: 'From the frame' },
  });
  await expect.poll(async () => (await received()).map((m) => m.name)).toContain('feedback-sent');
});

test('a failed send answers feedback-sending-failed with the failure text', async ({ page }) => {
  const { frame, received } = await openWithStandIn(page, { bugsStatus: 400 });
  await frame.evaluate((raw) => {
    const msg = JSON.parse(raw);
    (window as unknown as { sendToHost: (n: string, d: unknown) => void }).sendToHost(msg.name, msg.data);
  }, sendFeedbackMessage('FEEDBACK'));
  await expect
    .poll(async () => (await received()).find((m) => m.name === 'feedback-sending-failed')?.data)
    .toBe('Something went wrong, please try again.');
});

test('a postMessage from a foreign origin is ignored', async ({ page }) => {
  const { api, received } = await openWithStandIn(page);
  const before = (await received()).length;
  // the host page's own origin is not the frame's origin
  await page.evaluate((raw) => {
    window.postMessage(raw, '*');
    window.postMessage(JSON.stringify({ name: 'ping' }), '*');
    window.postMessage(JSON.stringify({ name: 'close-widget' }), '*');
  }, sendFeedbackMessage());
  await page.waitForTimeout(500);
  expect(api.bugReports()).toHaveLength(0);
  expect((await received()).length).toBe(before);
  expect(await page.evaluate(() => (window as unknown as { Gleap: { isOpened(): boolean } }).Gleap.isOpened())).toBe(
    true,
  );
});
