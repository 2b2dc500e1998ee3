import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import {
  API,
  FRAME_ORIGIN,
  KEY,
  WS,
  FRAME,
  createTestServer,
  resetWidget,
  useNodeMultipart,
} from '../test/widget-harness';
import { type EditorModule, type ReplayModule, type SnapshotModule, capturePort } from './capture-port';
import { uploadRecording } from '../capture/recording-upload';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(FRAME);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  resetWidget(mock);
});

const shadow = () => document.querySelector('voltline-widget')!.shadowRoot!;
const SHOT = {
  html: '<html></html>',
  baseUrl: 'https://host.test',
  width: 800,
  height: 600,
  isMobile: false,
  x: 0,
  y: 0,
};
const REPLAY = {
  startDate: 1,
  events: [{ type: 4, data: {}, timestamp: 1 }],
  baseUrl: 'https://host.test',
  width: 800,
  height: 600,
  isMobile: false,
  type: 'rrweb' as const,
};

function fakeReplay(): ReplayModule & Record<string, ReturnType<typeof vi.fn>> {
  return { startReplay: vi.fn(), stopReplay: vi.fn(), resetReplay: vi.fn(), getReplayPayload: vi.fn(() => REPLAY) };
}

function fromFrame(name: string, data?: unknown) {
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage(name as never, data as never), origin: FRAME_ORIGIN }),
  );
}

async function bootAndOpen() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
  shadow().querySelector('button')!.click();
  const spy = vi.fn();
  Object.defineProperty(shadow().querySelector('iframe')!, 'contentWindow', {
    value: { postMessage: spy },
    configurable: true,
  });
  fromFrame('ping');
  await vi.advanceTimersByTimeAsync(300);
  return () => spy.mock.calls.map(([raw]) => JSON.parse(String(raw)));
}

test('the report carries the snapshot with the scroll position saved on open', async () => {
  const snapshot: SnapshotModule = { takeSnapshot: vi.fn(async () => SHOT) };
  vi.spyOn(capturePort, 'snapshot').mockResolvedValue(snapshot);
  Object.defineProperty(window, 'scrollY', { value: 120, configurable: true });
  await bootAndOpen();
  fromFrame('send-feedback', { formData: { description: 'd' }, action: { feedbackType: 'BUG' } });
  // A busy machine takes more than Vitest's default second to snapshot and send.
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1), { timeout: 4_000 });
  expect(mock.store.reports[0]!.screenshotData).toEqual({ ...SHOT, y: 120 });
});

test('a failed snapshot fails the send', async () => {
  vi.spyOn(capturePort, 'snapshot').mockResolvedValue({
    takeSnapshot: () => Promise.reject(new Error('Failed to take snapshot')),
  });
  const sent = await bootAndOpen();
  fromFrame('send-feedback', { formData: {}, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('feedback-sending-failed'), { timeout: 4_000 });
  expect(mock.store.reports).toHaveLength(0);
});

test('excludeData screenshot and replays leave them out', async () => {
  const snapshot = { takeSnapshot: vi.fn(async () => SHOT) };
  vi.spyOn(capturePort, 'snapshot').mockResolvedValue(snapshot);
  vi.spyOn(capturePort, 'replay').mockResolvedValue(fakeReplay());
  await bootAndOpen();
  fromFrame('send-feedback', {
    formData: {},
    action: { feedbackType: 'BUG', excludeData: { screenshot: true, replays: true } },
  });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(snapshot.takeSnapshot).not.toHaveBeenCalled();
  expect(mock.store.reports[0]!.screenshotData).toBeUndefined();
  expect(mock.store.reports[0]!.webReplay).toBeUndefined();
});

test('web replays start when the config enables them; flow-started takes the visit so far for the report', async () => {
  const replay = fakeReplay();
  vi.spyOn(capturePort, 'replay').mockResolvedValue(replay);
  mock.store.configs.set(KEY, { flowConfig: { enableWebReplays: true } });
  await bootAndOpen();
  expect(replay.startReplay).toHaveBeenCalled();
  fromFrame('notify-event', { type: 'flow-started' });
  await vi.waitFor(() => expect(replay.getReplayPayload).toHaveBeenCalledOnce());
  // Recording goes on: the replay of what led to the report is kept, not dropped for a fresh one.
  expect(replay.resetReplay).not.toHaveBeenCalled();
  // What the visitor does in the form afterwards is not what the report carries: the replay taken at the start is.
  vi.mocked(replay.getReplayPayload).mockReturnValue({ ...REPLAY, events: [] });
  fromFrame('send-feedback', { formData: {}, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(mock.store.reports[0]!.webReplay).toEqual(REPLAY);
});

test('start-screen-drawing hides the widget, runs the editor, shows the widget, and the report carries the recording', async () => {
  const NodeBlob = await useNodeMultipart();
  let wasOpenDuringDrawing: boolean | undefined;
  const editor: EditorModule = {
    openCaptureEditor: vi.fn(async () => {
      wasOpenDuringDrawing = Gleap.isOpened();
      return {
        cancelled: false as const,
        mode: 'capture' as const,
        recording: { blob: new NodeBlob(['webm'], { type: 'video/webm' }), fileName: 'screen-recording.webm' },
      };
    }),
    cleanupDrawings: vi.fn(),
    uploadRecording,
  };
  vi.spyOn(capturePort, 'editor').mockResolvedValue(editor);
  const sent = await bootAndOpen();
  fromFrame('start-screen-drawing', 'capture');
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('set-form-data'));
  expect(wasOpenDuringDrawing).toBe(false);
  expect(Gleap.isOpened()).toBe(true);
  expect(sent().find((m) => m.name === 'set-form-data')!.data).toEqual({
    formKey: 'capture',
    data: { value: 'capture', dirty: true },
  });
  expect(editor.openCaptureEditor).toHaveBeenCalledWith({ mode: 'capture' });
  // nothing is uploaded until the report is sent
  expect(mock.store.uploads).toHaveLength(0);
  fromFrame('send-feedback', { formData: {}, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  vi.unstubAllGlobals();
  expect(mock.store.uploads).toEqual([expect.objectContaining({ name: 'screen-recording.webm', type: 'video/webm' })]);
  expect(mock.store.reports[0]!.screenRecordingUrl).toBe(mock.store.uploads[0]!.fileUrl);
});

test('a cancelled drawing clears the drawings and sets no capture value', async () => {
  const editor: EditorModule = {
    openCaptureEditor: vi.fn(async () => ({ cancelled: true as const })),
    cleanupDrawings: vi.fn(),
    uploadRecording: vi.fn(),
  };
  vi.spyOn(capturePort, 'editor').mockResolvedValue(editor);
  const sent = await bootAndOpen();
  fromFrame('start-screen-drawing', 'screenshot');
  await vi.waitFor(() => expect(editor.cleanupDrawings).toHaveBeenCalled());
  expect(sent().map((m) => m.name)).not.toContain('set-form-data');
});

test('Ctrl+U with shortcuts on starts the bug flow with drawing first', async () => {
  const editor: EditorModule = {
    openCaptureEditor: vi.fn(async () => ({ cancelled: false as const, mode: 'screenshot' as const })),
    cleanupDrawings: vi.fn(),
    uploadRecording: vi.fn(),
  };
  vi.spyOn(capturePort, 'editor').mockResolvedValue(editor);
  Gleap.enableShortcuts(true);
  const sent = await bootAndOpen();
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', ctrlKey: true }));
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('start-feedbackflow'));
  expect(editor.openCaptureEditor).toHaveBeenCalledWith(expect.objectContaining({ mode: 'screenshot' }));
  expect(sent().find((m) => m.name === 'start-feedbackflow')!.data).toMatchObject({ flow: 'bugreporting' });
});
