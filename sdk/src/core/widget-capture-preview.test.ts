import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import { API, FRAME_ORIGIN, KEY, WS, FRAME, createTestServer, resetWidget } from '../test/widget-harness';
import { type ReplayModule, type SnapshotModule, capturePort } from './capture-port';
import { resetCapturePreview } from './capture-state';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  resetCapturePreview();
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
  html: '<p>page</p>',
  baseUrl: 'https://host.test',
  width: 800,
  height: 600,
  isMobile: false,
  x: 0,
  y: 0,
};
const REPLAY = {
  startDate: 1000,
  events: [
    { type: 4, data: {}, timestamp: 1000 },
    { type: 3, data: {}, timestamp: 61_000 },
  ],
  baseUrl: 'https://host.test',
  width: 800,
  height: 600,
  isMobile: false,
  type: 'rrweb' as const,
};

function fakeCapture() {
  const snapshot: SnapshotModule & { takeSnapshot: ReturnType<typeof vi.fn> } = {
    takeSnapshot: vi.fn(async () => SHOT),
  };
  const replay: ReplayModule = {
    startReplay: vi.fn(),
    stopReplay: vi.fn(),
    resetReplay: vi.fn(),
    getReplayPayload: vi.fn(() => REPLAY),
  };
  vi.spyOn(capturePort, 'snapshot').mockResolvedValue(snapshot);
  vi.spyOn(capturePort, 'replay').mockResolvedValue(replay);
  return snapshot;
}

function fromFrame(name: string, data?: unknown) {
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage(name as never, data as never), origin: FRAME_ORIGIN }),
  );
}

async function bootAndOpen() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.setCustomData('plan', 'pro');
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
  return () =>
    spy.mock.calls.map(([raw]) => JSON.parse(String(raw)) as { name: string; data: Record<string, unknown> });
}

const summaries = (sent: () => { name: string; data: Record<string, unknown> }[]) =>
  sent()
    .filter((m) => m.name === 'capture-summary')
    .map((m) => m.data);

test('asked for a summary, the widget describes the screenshot, replay, logs and custom data of the next report', async () => {
  fakeCapture();
  const sent = await bootAndOpen();
  console.warn('host warning');
  fromFrame('request-capture-summary');
  await vi.waitFor(() => expect(summaries(sent)).toHaveLength(1));
  const summary = summaries(sent)[0]!;
  expect(summary).toMatchObject({
    screenshot: {
      previewUrl: `data:text/html;charset=utf-8,${encodeURIComponent(SHOT.html)}`,
      bytes: 11,
      width: 800,
      height: 600,
      x: 0,
      y: 0,
    },
    replay: { eventCount: 2, seconds: 60 },
    screenRecordingUrl: null,
    customDataKeys: ['plan'],
    removed: [],
  });
  expect(summary.consoleLogCount).toBeGreaterThanOrEqual(1);
});

test('the report sent from the frame carries the very snapshot the preview showed', async () => {
  const snapshot = fakeCapture();
  const sent = await bootAndOpen();
  fromFrame('request-capture-summary');
  await vi.waitFor(() => expect(summaries(sent)).toHaveLength(1));
  fromFrame('send-feedback', { formData: { description: 'd' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(snapshot.takeSnapshot).toHaveBeenCalledTimes(1);
  expect(mock.store.reports[0]!.screenshotData).toMatchObject({ html: SHOT.html });
});

test('a removed screenshot is not sent, and the new summary lists it as removed', async () => {
  const snapshot = fakeCapture();
  const sent = await bootAndOpen();
  fromFrame('request-capture-summary');
  await vi.waitFor(() => expect(summaries(sent)).toHaveLength(1));
  fromFrame('remove-capture-item', { item: 'screenshot' });
  await vi.waitFor(() => expect(summaries(sent)[1]).toMatchObject({ removed: ['screenshot'] }));
  fromFrame('send-feedback', { formData: { description: 'd' }, action: { feedbackType: 'BUG', excludeData: {} } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(mock.store.reports[0]!.screenshotData).toBeUndefined();
  expect(snapshot.takeSnapshot).toHaveBeenCalledTimes(1);
});

test('removed console and network logs, replay and custom data are left out of the report', async () => {
  fakeCapture();
  await bootAndOpen();
  for (const item of ['consoleLog', 'networkLogs', 'replay', 'customData']) fromFrame('remove-capture-item', { item });
  fromFrame('send-feedback', { formData: { description: 'd' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  const report = mock.store.reports[0]!;
  expect(report.consoleLog).toBeUndefined();
  expect(report.networkLogs).toBeUndefined();
  expect(report.webReplay).toBeUndefined();
  expect(report.customData).toBeUndefined();
  expect(report.screenshotData).toBeDefined();
});

test('removals apply to one report only: the next one carries everything again', async () => {
  fakeCapture();
  const sent = await bootAndOpen();
  fromFrame('remove-capture-item', { item: 'screenshot' });
  fromFrame('send-feedback', { formData: { description: 'first' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  // The widget forgets the removal once the server answered (the mock stores the report before it answers), as the
  // frame does, which sends again only after `feedback-sent`.
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('feedback-sent'));
  fromFrame('send-feedback', { formData: { description: 'second' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(2));
  expect(mock.store.reports[1]!.screenshotData).toMatchObject({ html: SHOT.html });
});

test('a failed snapshot still answers, with the error and no screenshot', async () => {
  fakeCapture().takeSnapshot.mockRejectedValue(new Error('boom'));
  const sent = await bootAndOpen();
  fromFrame('request-capture-summary');
  await vi.waitFor(() => expect(summaries(sent)).toHaveLength(1));
  expect(summaries(sent)[0]).toMatchObject({ screenshot: null, error: 'Failed to take snapshot' });
});

test('an unknown item from the frame removes nothing', async () => {
  fakeCapture();
  const sent = await bootAndOpen();
  fromFrame('request-capture-summary');
  await vi.waitFor(() => expect(summaries(sent)).toHaveLength(1));
  fromFrame('remove-capture-item', { item: 'toString' });
  expect(summaries(sent).at(-1)).toMatchObject({ removed: [] });
  fromFrame('send-feedback', { formData: { description: 'd' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(mock.store.reports[0]!.screenshotData).toBeDefined();
  expect(mock.store.reports[0]!.consoleLog).toBeDefined();
});
