import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { uploadRecording } from '../capture/recording-upload';
import { failNext } from '../mock/widget-store';
import { API, KEY, createTestServer, resetWidget, useNodeMultipart } from '../test/widget-harness';
import { type EditorModule, capturePort } from './capture-port';
import { API_TIMEOUT_MS } from './constants';
import { cancelReportRetry, flushReportQueue, submitReport } from './outbox';
import { buildReport } from './report';
import { captureState } from './capture-state';
import { listQueuedReports, removeQueuedReport } from './report-queue';
import { settings } from './state';

/**
 * Issue 17 item 1: a screen recording that belongs to a report is kept in the outbox with it before its upload starts,
 * and the report goes out with the recording's URL once the upload succeeded (decision 0105).
 */
const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

let NodeBlob: typeof Blob;
beforeEach(async () => {
  resetWidget(mock);
  settings.sdkKey = KEY;
  for (const q of await listQueuedReports()) await removeQueuedReport(q.id as number);
  NodeBlob = await useNodeMultipart();
  // the editor chunk (which made the recording) is the one that uploads it
  const editor = { uploadRecording } as unknown as EditorModule;
  vi.spyOn(capturePort, 'editor').mockResolvedValue(editor);
});
afterEach(() => {
  server.resetHandlers();
  cancelReportRetry();
  captureState.screenRecording = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const calls = (path: string) => mock.store.calls.filter((c) => c.path === path);

async function reportWithRecording(description: string) {
  captureState.screenRecording = {
    blob: new NodeBlob(['webm bytes'], { type: 'video/webm' }),
    fileName: 'screen-recording.webm',
  };
  return buildReport({ formData: { description }, excludeData: { screenshot: true, replays: true } });
}

test('the recording is in the outbox with its report before the upload starts, and both leave it on a 2xx', async () => {
  let keptDuringUpload: { description: unknown; fileName?: string; url?: string }[] = [];
  server.use(
    http.post(`${API}/uploads/sdk`, async () => {
      keptDuringUpload = (await listQueuedReports()).map((q) => ({
        description: q.report.formData.description,
        fileName: q.report.screenRecording?.fileName,
        url: q.report.screenRecordingUrl,
      }));
      return HttpResponse.json({ fileUrl: 'https://files.test/rec-1.webm' });
    }),
  );
  expect(await submitReport(await reportWithRecording('with a recording'))).toMatchObject({ status: 'sent' });
  expect(keptDuringUpload).toEqual([
    { description: 'with a recording', fileName: 'screen-recording.webm', url: undefined },
  ]);
  expect(await listQueuedReports()).toEqual([]);
  expect(calls('/bugs/v2')).toHaveLength(1);
  const sent = mock.store.reports[0]!;
  expect(sent.screenRecordingUrl).toBe('https://files.test/rec-1.webm');
  // the file itself never rides in the report
  expect(sent).not.toHaveProperty('screenRecording');
});

test('the upload goes to /uploads/sdk as multipart "file" before the report is sent', async () => {
  await submitReport(await reportWithRecording('order'));
  const paths = mock.store.calls.map((c) => c.path).filter((p) => p === '/uploads/sdk' || p === '/bugs/v2');
  expect(paths).toEqual(['/uploads/sdk', '/bugs/v2']);
  expect(mock.store.uploads[0]).toMatchObject({ name: 'screen-recording.webm', type: 'video/webm' });
  expect(mock.store.reports[0]!.screenRecordingUrl).toBe(mock.store.uploads.at(-1)!.fileUrl);
});

test('an upload answered with a 5xx keeps the report and its recording, and sends no report', async () => {
  failNext(mock.store, 'POST /uploads/sdk', 503);
  expect(await submitReport(await reportWithRecording('upload failed'))).toMatchObject({ status: 'queued' });
  expect(calls('/bugs/v2')).toHaveLength(0);
  const kept = await listQueuedReports();
  expect(kept).toHaveLength(1);
  expect(kept[0]!.report.screenRecording?.fileName).toBe('screen-recording.webm');
  expect(kept[0]!.report.screenRecordingUrl).toBeUndefined();
});

test('an upload that hangs gives up after the client time-out and keeps both', async () => {
  let uploads = 0;
  server.use(
    http.post(`${API}/uploads/sdk`, () => {
      uploads += 1;
      return delay('infinite');
    }),
  );
  const built = await reportWithRecording('upload hangs');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const outcome = submitReport(built);
  await vi.waitFor(() => expect(uploads).toBe(1));
  await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
  expect(await outcome).toMatchObject({ status: 'queued' });
  expect(calls('/bugs/v2')).toHaveLength(0);
  expect((await listQueuedReports())[0]!.report.screenRecording?.fileName).toBe('screen-recording.webm');
});

test('after a reload during the upload, the next page view sends the recording and the report once each', async () => {
  // the first page view: the upload does not answer before the page goes away
  let pending = 0;
  let leave = () => {};
  server.use(
    http.post(`${API}/uploads/sdk`, async () => {
      pending += 1;
      await new Promise<void>((resolve) => {
        leave = resolve;
      });
      return HttpResponse.error();
    }),
  );
  void submitReport(await reportWithRecording('reloaded'));
  await vi.waitFor(() => expect(pending).toBe(1));
  expect((await listQueuedReports()).map((q) => q.report.screenRecording?.fileName)).toEqual(['screen-recording.webm']);
  server.resetHandlers();
  // the next page view: fresh modules (nothing of the first page is in flight there) drain the outbox they find
  vi.resetModules();
  const nextPage = await import('./outbox');
  // as report-port.ts does when it loads the pipeline
  (await import('./pipeline-core')).use((await import('./report-port')).pipelineCore());
  try {
    expect(await nextPage.flushReportQueue()).toBe(1);
    expect(calls('/uploads/sdk')).toHaveLength(1);
    expect(calls('/bugs/v2')).toHaveLength(1);
    expect(mock.store.reports[0]!.formData).toMatchObject({ description: 'reloaded' });
    expect(mock.store.reports[0]!.screenRecordingUrl).toBe(mock.store.uploads.at(-1)!.fileUrl);
    expect(await listQueuedReports()).toEqual([]);
    expect(await nextPage.flushReportQueue()).toBe(0);
    expect(calls('/uploads/sdk')).toHaveLength(1);
    expect(calls('/bugs/v2')).toHaveLength(1);
  } finally {
    nextPage.cancelReportRetry();
    leave();
  }
});

test('a report whose upload succeeded but whose send failed is retried without uploading again', async () => {
  failNext(mock.store, 'POST /bugs/v2', 500);
  expect(await submitReport(await reportWithRecording('send failed'))).toMatchObject({ status: 'queued' });
  expect(calls('/uploads/sdk')).toHaveLength(1);
  const kept = await listQueuedReports();
  expect(kept).toHaveLength(1);
  expect(kept[0]!.report.screenRecording).toBeUndefined();
  expect(kept[0]!.report.screenRecordingUrl).toBe(mock.store.uploads.at(-1)!.fileUrl);
  expect(await flushReportQueue()).toBe(1);
  expect(calls('/uploads/sdk')).toHaveLength(1);
  expect(mock.store.reports).toHaveLength(1);
  expect(mock.store.reports[0]!.screenRecordingUrl).toBe(mock.store.uploads.at(-1)!.fileUrl);
});

test('a report whose recording the visitor removed (attachments excluded) carries no recording', async () => {
  captureState.screenRecording = { blob: new NodeBlob(['x']), fileName: 'screen-recording.webm' };
  const built = await buildReport({
    formData: {},
    excludeData: { screenshot: true, replays: true, attachments: true },
  });
  expect(built.screenRecording).toBeUndefined();
  await submitReport(built);
  expect(calls('/uploads/sdk')).toHaveLength(0);
  expect(mock.store.reports[0]).not.toHaveProperty('screenRecordingUrl');
});
