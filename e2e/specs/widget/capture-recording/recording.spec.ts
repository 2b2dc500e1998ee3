import { expect, type Page, test } from '@playwright/test';
import { serveHarness } from '../capture-shared/capture-bundle';
import { HOST_ORIGIN } from '../../../urls';
import { captureRecording, ui } from '../../../selectors';
import { lookAt } from '../../look';

const PAGE = `${HOST_ORIGIN}/capture-recording/index.html`;
const FAKE_CAPTURE = [
  '--no-sandbox',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--auto-select-desktop-capture-source=Entire screen',
  '--auto-accept-this-tab-capture',
];

// One recording at a time: each encodes 3072 x 1728 frames in software, and two at once starve each other on a small
// test machine (no frame reaches the encoder before the test stops recording).
test.describe.configure({ mode: 'serial' });

test.use({
  viewport: { width: 1000, height: 700 },
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: FAKE_CAPTURE },
});

async function openRecorder(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { editorResult?: unknown };
    void window.voltlineCapture.openCaptureEditor({ mode: 'capture' }).then((r) => {
      // the recording comes back as a file (the outbox uploads it with its report): what of it crosses to the test
      w.editorResult =
        r.cancelled || r.mode !== 'capture'
          ? r
          : {
              cancelled: false,
              mode: 'capture',
              fileName: r.recording.fileName,
              type: r.recording.blob.type,
              size: r.recording.blob.size,
            };
    });
  });
}

async function editorResult(page: Page): Promise<unknown> {
  const handle = await page.waitForFunction(() => (window as unknown as { editorResult?: unknown }).editorResult);
  return handle.jsonValue();
}

test.beforeEach(async ({ page }) => {
  await serveHarness(page);
});

test('records the screen, previews it, and Next hands back a non-empty webm without uploading it', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/uploads/')) uploads.push(request.url());
  });
  await page.goto(PAGE);
  await openRecorder(page);
  const toolbar = page.getByRole(...captureRecording.captureToolsToolbar);
  await expect(toolbar.getByRole(...ui.timer)).toHaveText('2:00');
  await lookAt(page, { path: test.info().outputPath('recording-idle.png') });

  await toolbar.getByRole(...captureRecording.startRecording).click();
  await expect(toolbar.getByRole(...captureRecording.stopRecording)).toBeVisible();
  // Password inputs are blurred on screen while the recording runs.
  await expect(page.locator(captureRecording.pin)).toHaveCSS('filter', 'blur(6px)');
  // Drawing works once recording.
  await toolbar.getByRole(...captureRecording.pen).click();
  await page.mouse.move(200, 300);
  await page.mouse.down();
  await page.mouse.move(400, 320, { steps: 5 });
  await page.mouse.up();
  // Counting down from 2:00; five seconds so that the encoder has produced data even on a loaded machine.
  await expect(toolbar.getByRole(...ui.timer)).toHaveText(/^1:([0-4]\d|5[0-5])$/, { timeout: 15_000 });
  await lookAt(page, { path: test.info().outputPath('recording-live.png') });
  await toolbar.getByRole(...captureRecording.stopRecording).click();

  const preview = page.getByRole(...captureRecording.yourScreenRecordingDialog);
  await expect(preview).toBeVisible();
  await expect(preview.locator(captureRecording.video))
    .toHaveJSProperty('readyState', 4, { timeout: 5000 })
    .catch(() => {});
  await lookAt(page, { path: test.info().outputPath('recording-preview.png') });
  await expect(page.locator(captureRecording.pin)).not.toHaveCSS('filter', 'blur(6px)');

  await preview.getByRole(...captureRecording.next).click();
  const result = (await editorResult(page)) as { size: number };
  expect(result).toMatchObject({
    cancelled: false,
    mode: 'capture',
    fileName: 'screen-recording.webm',
    type: 'video/webm',
  });
  expect(result.size).toBeGreaterThan(1000);
  // the upload is the outbox's, with the report (outbox-recording spec)
  expect(uploads).toEqual([]);
});

test('records without the microphone, and Retry drops the recording and returns to the start', async ({ page }) => {
  await page.goto(PAGE);
  await openRecorder(page);
  const toolbar = page.getByRole(...captureRecording.captureToolsToolbar);
  await toolbar.getByRole(...captureRecording.microphoneOn).click();
  await expect(toolbar.getByRole(...captureRecording.microphoneOff)).toHaveAttribute('aria-pressed', 'false');
  await toolbar.getByRole(...captureRecording.startRecording).click();
  await expect(toolbar.getByRole(...captureRecording.stopRecording)).toBeVisible();
  // Five seconds: a software VP8 encoder needs a while for its first 3072 x 1728 frame on a loaded test machine.
  await expect(toolbar.getByRole(...ui.timer)).toHaveText(/^1:([0-4]\d|5[0-5])$/, { timeout: 15_000 });
  await toolbar.getByRole(...captureRecording.stopRecording).click();
  const preview = page.getByRole(...captureRecording.yourScreenRecordingDialog);
  await preview.getByRole(...captureRecording.retry).click();
  await expect(preview).toBeHidden();
  await expect(toolbar.getByRole(...captureRecording.startRecording)).toBeVisible();
  await expect(toolbar.getByRole(...ui.timer)).toHaveText('2:00');
});

test('a refused screen capture shows the permission alert', async ({ page }) => {
  await page.addInitScript(() => {
    navigator.mediaDevices.getDisplayMedia = () =>
      Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
  });
  await page.goto(PAGE);
  await openRecorder(page);
  await page.getByRole(...captureRecording.startRecording).click();
  await expect(page.getByRole(...ui.alert)).toContainText('Access to screen sharing was denied');
  await lookAt(page, { path: test.info().outputPath('permission-denied.png') });
  await expect(page.getByRole(...captureRecording.startRecording)).toBeVisible();
});

test('a browser without screen capture shows the browser-not-supported tooltip', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(MediaDevices.prototype, 'getDisplayMedia', { value: undefined, configurable: true });
  });
  await page.goto(PAGE);
  await openRecorder(page);
  const record = page.getByRole(...captureRecording.startRecording);
  await expect(record).toHaveAttribute('aria-disabled', 'true');
  await record.hover();
  await expect(record.getByRole(...ui.tooltip)).toHaveText('Screen recording is not supported by this browser.');
  await expect(record.getByRole(...ui.tooltip)).toBeVisible();
  await lookAt(page, { path: test.info().outputPath('not-supported.png') });
});

test('Dismiss during a recording stops it and cancels', async ({ page }) => {
  await page.goto(PAGE);
  await openRecorder(page);
  await page.getByRole(...captureRecording.startRecording).click();
  await expect(page.getByRole(...captureRecording.stopRecording)).toBeVisible();
  await page.getByRole(...captureRecording.dismiss).click();
  expect(await editorResult(page)).toEqual({ cancelled: true });
  await expect(page.locator(captureRecording.pin)).not.toHaveCSS('filter', 'blur(6px)');
});
