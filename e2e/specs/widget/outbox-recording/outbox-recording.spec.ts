import { expect, type Page, type Route, test } from '@playwright/test';
import { FAKE_API, HOST_ORIGIN, routeFakeApi } from '../support/fake-api';
import { outboxEntries } from '../support/outbox';
import { messengerForm, outboxRecording as rec, widgetHost } from '../../../selectors';
import { lookAt } from '../../look';

/**
 * Issue 17 item 1 (decision 0105): a screen recording that belongs to a report is kept with it in the IndexedDB outbox
 * before its upload starts. A reload while the upload is pending loses neither: the next page view uploads the
 * recording once and sends the report once, with the recording's URL.
 */

// the ESM host page of the bug report spec: the widget with its API and messenger URLs, `widgetReady` once initialized
const PAGE = `${HOST_ORIGIN}/esm-bug-report/`;

/** A small canvas stands in for the shared screen: MediaRecorder encodes it in a moment, even on a loaded machine. */
async function fakeScreen(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    devices.getUserMedia = () => Promise.reject(new DOMException('no microphone', 'NotFoundError'));
    devices.getDisplayMedia = async () => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 180;
      const ctx = canvas.getContext('2d')!;
      let n = 0;
      setInterval(() => {
        n += 1;
        ctx.fillStyle = n % 2 ? '#0a7d5a' : '#485bff';
        ctx.fillRect(0, 0, 320, 180);
        ctx.fillStyle = '#fff';
        ctx.fillText(`frame ${n}`, 20, 90);
      }, 50);
      return canvas.captureStream(20);
    };
  });
}

test('reload while the recording upload is pending, then recovery: the recording and the report arrive once each', async ({
  page,
}) => {
  test.slow();
  await fakeScreen(page);
  const api = await routeFakeApi(page);
  // first page view: the upload hangs; after the reload it is answered like the API does
  let hang = true;
  const uploads: { bytes: number; fileName: string }[] = [];
  const held: Route[] = [];
  await page.route(`${FAKE_API}/uploads/sdk`, async (route) => {
    if (route.request().method() === 'OPTIONS') return route.fallback();
    if (hang) {
      held.push(route);
      return;
    }
    const body = route.request().postDataBuffer() ?? Buffer.alloc(0);
    uploads.push({ bytes: body.length, fileName: /filename="([^"]+)"/.exec(body.toString('latin1'))?.[1] ?? '' });
    await route.fulfill({
      status: 200,
      headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
      body: JSON.stringify({ fileUrl: 'https://files.voltline.test/rec-1.webm' }),
    });
  });

  await page.goto(PAGE);
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await widgetHost.launcher(page).click();
  const frame = widgetHost.frame(page);
  await frame.getByRole(...rec.reportBug).click();
  await frame.getByLabel(messengerForm.description).fill('The checkout button does nothing, see my recording');
  await frame.getByLabel(messengerForm.email).fill('ada@example.com');
  await frame.getByRole(...rec.screenRecording).check();

  // the capture editor runs over the page: record a moment, stop, Next
  const toolbar = widgetHost.captureTools(page);
  await toolbar.getByRole(...rec.startRecording).click();
  await expect(toolbar.getByRole(...rec.stopRecording)).toBeVisible();
  // three seconds of it: on a loaded machine the encoder's first data can take a while (an empty recording is refused)
  await expect(toolbar.getByRole(...rec.timer)).toHaveText(/^1:([0-4]\d|5[0-7])$/, { timeout: 15_000 });
  await toolbar.getByRole(...rec.stopRecording).click();
  await widgetHost
    .recordingPreview(page)
    .getByRole(...rec.next)
    .click();
  await expect(frame.getByText(rec.attached)).toBeVisible();
  // nothing is uploaded before the report is sent
  expect(held).toHaveLength(0);

  await frame.getByRole(...rec.send).click();
  await expect.poll(() => held.length).toBe(1);
  // the upload is under way: the report and its recording are both in the outbox
  const kept = await outboxEntries(page);
  expect(kept).toHaveLength(1);
  expect(kept[0]!.description).toBe('The checkout button does nothing, see my recording');
  expect(kept[0]!.recordingBytes).toBeGreaterThan(1000);
  expect(kept[0]!.recordingUrl).toBeUndefined();
  expect(api.bugReports()).toHaveLength(0);
  await lookAt(page, { path: test.info().outputPath('upload-pending.png') });

  // the visitor reloads while the upload is pending; the API answers from now on
  hang = false;
  await page.reload();
  await page.waitForFunction(() => (window as unknown as { widgetReady?: boolean }).widgetReady === true);
  await expect.poll(() => api.bugReports().length, { timeout: 20_000 }).toBe(1);
  expect(uploads).toHaveLength(1);
  expect(uploads[0]!.fileName).toBe('screen-recording.webm');
  expect(uploads[0]!.bytes).toBeGreaterThan(1000);
  const report = api.bugReports()[0]!;
  expect(report.formData).toMatchObject({ description: 'The checkout button does nothing, see my recording' });
  expect(report.screenRecordingUrl).toBe('https://files.voltline.test/rec-1.webm');
  expect(report).not.toHaveProperty('screenRecording');
  await expect.poll(() => outboxEntries(page)).toEqual([]);
  // and nothing goes twice afterwards
  await page.waitForTimeout(1000);
  expect(uploads).toHaveLength(1);
  expect(api.bugReports()).toHaveLength(1);
});
