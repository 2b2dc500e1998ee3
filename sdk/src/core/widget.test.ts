import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import { failNext } from '../mock/widget-store';
import { API, FRAME, FRAME_ORIGIN, KEY, WS, createTestServer, resetWidget, settle } from '../test/widget-harness';
import { capturePort } from './capture-port';
import { extensions } from './extensions';
import { getConsoleLogs } from '../logs/console-logger';
import { listQueuedReports } from './report-queue';
import { flushReportQueue } from './report';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  Gleap.setApiUrl(API);
  Gleap.setWSApiUrl(WS);
  Gleap.setFrameUrl(`${FRAME}?stale=1`);
});
afterEach(() => {
  vi.useRealTimers();
  resetWidget(mock);
});

const shadow = () => document.querySelector('voltline-widget')!.shadowRoot!;
const launcher = () => shadow().querySelector('button')!;
const iframe = () => shadow().querySelector('iframe')!;
const container = () => shadow().querySelector('.frame') as HTMLElement;

async function boot(): Promise<void> {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

function fromFrame(name: string, data?: unknown, origin = FRAME_ORIGIN, extra: Record<string, unknown> = {}) {
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage(name as never, data as never, extra), origin }),
  );
}

/** jsdom gives a shadow-root iframe no browsing context: stand in a window that records what the widget posts. */
function frameSpy() {
  const spy = vi.fn();
  Object.defineProperty(iframe(), 'contentWindow', { value: { postMessage: spy }, configurable: true });
  const sent = () => spy.mock.calls.map(([raw, origin]) => ({ ...JSON.parse(String(raw)), origin }));
  return { spy, sent };
}

async function openReady() {
  launcher().click();
  const { spy, sent } = frameSpy();
  fromFrame('ping');
  await vi.advanceTimersByTimeAsync(300);
  return { spy, sent };
}

test('initialize renders a real button with an accessible name inside a shadow root', async () => {
  await boot();
  expect(launcher().tagName).toBe('BUTTON');
  expect(launcher().getAttribute('aria-label')).toBe('Open Feedback');
  expect(launcher().className).toContain('modern');
  expect(document.body.querySelector('button')).toBeNull();
});

test('the button is hidden for guests when hideForGuests is set', async () => {
  mock.store.configs.set(KEY, { flowConfig: { hideForGuests: true } });
  await boot();
  await settle();
  expect(launcher().hidden).toBe(true);
});

test('clicking the button loads the frame URL without its query string', async () => {
  await boot();
  launcher().click();
  expect(iframe().getAttribute('src')).toBe(FRAME);
  expect(container().classList.contains('loading')).toBe(true);
  // voltline-widget::part(frame) reaches the frame container from the host page's stylesheet
  expect(container().getAttribute('part')).toBe('frame');
});

test('after the ping the widget sends config and session to the exact frame origin, then opens 300 ms later', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'Date'] });
  await boot();
  const opened = vi.fn();
  Gleap.on('open', opened);
  launcher().click();
  const { sent } = frameSpy();
  fromFrame('ping');
  expect(sent().map((m) => m.name)).toEqual(['config-update', 'session-update']);
  expect(sent().every((m) => m.origin === FRAME_ORIGIN)).toBe(true);
  expect(sent()[1].data).toMatchObject({ apiUrl: API, sdkKey: KEY, sessionData: { gleapId: expect.any(String) } });
  await vi.advanceTimersByTimeAsync(299);
  expect(Gleap.isOpened()).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(Gleap.isOpened()).toBe(true);
  expect(opened).toHaveBeenCalledOnce();
  expect(sent().at(-1)).toMatchObject({ name: 'widget-status-update', data: { isWidgetOpen: true } });
  expect(launcher().classList.contains('open')).toBe(true);
});

test('the animate class is added 500 ms after the first open', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  launcher().click();
  await vi.advanceTimersByTimeAsync(499);
  expect(container().classList.contains('animate')).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(container().classList.contains('animate')).toBe(true);
});

test('a message from any other origin is ignored', async () => {
  await boot();
  launcher().click();
  const { sent } = frameSpy();
  fromFrame('ping', undefined, 'https://evil.test');
  expect(sent()).toEqual([]);
});

test('screen messages sent before the ping are queued and flushed on ping', async () => {
  await boot();
  Gleap.openNews();
  const { sent } = frameSpy();
  expect(sent()).toEqual([]);
  fromFrame('ping');
  expect(sent().map((m) => m.name)).toEqual(['config-update', 'session-update', 'open-news']);
});

test('Escape closes the widget and emits close', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  const closed = vi.fn();
  Gleap.on('close', closed);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(Gleap.isOpened()).toBe(false);
  expect(closed).toHaveBeenCalledOnce();
});

test('Escape does not close a survey_web survey', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  Gleap.showSurvey('s1', 'survey_web');
  fromFrame('ping');
  await vi.advanceTimersByTimeAsync(300);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(Gleap.isOpened()).toBe(true);
});

test('page-changed to newsdetails enters extended mode and leaving it returns to widget mode', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  fromFrame('page-changed', { name: 'newsdetails' });
  expect(container().classList.contains('extended')).toBe(true);
  fromFrame('page-changed', { name: 'home' });
  expect(container().classList.contains('widget')).toBe(true);
});

test('in survey modes the frame height follows height-update', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  Gleap.showSurvey('s1', 'survey');
  fromFrame('ping');
  await vi.advanceTimersByTimeAsync(300);
  fromFrame('height-update', 321);
  expect(container().style.height).toBe('321px');
});

test('open-image shows the image viewer with a close button', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  fromFrame('open-image', { url: 'https://img.test/a.png' });
  // the viewer is a lazy chunk
  await vi.waitFor(() => expect(shadow().querySelector('[role=dialog]')).not.toBeNull());
  const viewer = shadow().querySelector('[role=dialog]')!;
  expect(viewer.querySelector('img')!.getAttribute('src')).toBe('https://img.test/a.png');
  (viewer.querySelector('button[aria-label="Close image"]') as HTMLButtonElement).click();
  expect(shadow().querySelector('[role=dialog]')).toBeNull();
});

test('Escape in the image viewer closes the viewer, not the widget', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  fromFrame('open-image', { url: 'https://img.test/a.png' });
  await vi.waitFor(() => expect(shadow().querySelector('[role=dialog]')).not.toBeNull());
  const close = shadow().querySelector<HTMLButtonElement>('button[aria-label="Close image"]')!;
  expect(shadow().activeElement).toBe(close);
  close.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
  expect(shadow().querySelector('[role=dialog]')).toBeNull();
  expect(Gleap.isOpened()).toBe(true);
});

test('closing the image viewer gives focus back to the messenger frame (issue 36 item 13)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  expect(shadow().activeElement).toBe(iframe());
  fromFrame('open-image', { url: 'https://img.test/a.png' });
  await vi.waitFor(() => expect(shadow().querySelector('[role=dialog]')).not.toBeNull());
  const close = shadow().querySelector<HTMLButtonElement>('button[aria-label="Close image"]')!;
  expect(shadow().activeElement).toBe(close);
  close.click();
  expect(shadow().activeElement).toBe(iframe());
});

test('the messenger gives focus back to the page control that opened it, not the launcher (issue 36 item 13)', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const help = document.body.appendChild(document.createElement('button'));
  help.focus();
  Gleap.open();
  frameSpy();
  fromFrame('ping');
  await vi.advanceTimersByTimeAsync(300);
  expect(shadow().activeElement).toBe(iframe());
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  expect(Gleap.isOpened()).toBe(false);
  expect(document.activeElement).toBe(help);
  // opened from the launcher, it goes back to the launcher
  launcher().focus();
  launcher().click();
  await vi.advanceTimersByTimeAsync(300);
  expect(shadow().activeElement).toBe(iframe());
  Gleap.close();
  expect(shadow().activeElement).toBe(launcher());
  help.remove();
});

test('the scroll position is saved as the snapshot position on open', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const { captureState } = await import('./capture-state');
  await boot();
  window.scrollX = 0;
  Object.defineProperty(window, 'scrollY', { value: 240, configurable: true });
  await openReady();
  expect(captureState.snapshotPosition).toEqual({ x: 0, y: 240 });
});

test('send-feedback posts /bugs/v2 with logs, metadata and custom data, then tells the frame feedback-sent', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  Gleap.setCustomData('plan', 'pro');
  Gleap.setTicketAttribute('orderId', 'o-1');
  Gleap.setTags(['checkout']);
  Gleap.trackEvent('checkout-started', { step: 2 });
  console.error('card declined', { code: 402 });
  await fetch('https://shop.test/api/cart', { headers: { Authorization: 'Bearer secret-token-123' } }).catch(() => {});
  const { sent } = await openReady();
  const feedbackSent = vi.fn();
  Gleap.on('feedback-sent', feedbackSent);
  fromFrame('send-feedback', {
    formData: { description: 'It broke', reportedBy: 'ada@example.com' },
    action: { feedbackType: 'BUG', excludeData: {} },
  });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  const report = mock.store.reports[0]!;
  expect(report).toMatchObject({
    type: 'BUG',
    priority: 'MEDIUM',
    isSilent: false,
    customData: { plan: 'pro' },
    formData: { orderId: 'o-1', description: 'It broke', reportedBy: 'ada@example.com' },
    tags: ['checkout'],
    metaData: { sdkVersion: '14.2.11', sdkType: 'javascript', environment: 'prod' },
  });
  expect(report.consoleLog).toContainEqual(
    expect.objectContaining({ log: 'card declined {"code":402}', priority: 'ERROR' }),
  );
  expect(report.customEventLog).toContainEqual(
    expect.objectContaining({ name: 'checkout-started', data: { step: 2 } }),
  );
  expect(report.networkLogs).toContainEqual(
    expect.objectContaining({
      url: 'https://shop.test/api/cart',
      request: expect.objectContaining({ headers: { authorization: '[redacted]' } }),
    }),
  );
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('feedback-sent'));
  expect(feedbackSent).toHaveBeenCalledOnce();
});

test('a rejected report tells the frame "Something went wrong, please try again." and emits error-while-sending', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const { sent } = await openReady();
  const failed = vi.fn();
  Gleap.on('error-while-sending', failed);
  failNext(mock.store, 'POST /bugs/v2', 400);
  fromFrame('send-feedback', { formData: { description: 'x' }, action: { feedbackType: 'FEEDBACK' } });
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('feedback-sending-failed'));
  expect(sent().find((m) => m.name === 'feedback-sending-failed')!.data).toBe(
    'Something went wrong, please try again.',
  );
  expect(failed).toHaveBeenCalledOnce();
});

test('a report that meets a server error is kept in IndexedDB and sent on retry', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const { sent } = await openReady();
  const failed = vi.fn();
  const feedbackSent = vi.fn();
  Gleap.on('error-while-sending', failed);
  Gleap.on('feedback-sent', feedbackSent);
  failNext(mock.store, 'POST /bugs/v2', 503);
  fromFrame('send-feedback', { formData: { description: 'later' }, action: { feedbackType: 'BUG' } });
  await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('feedback-sent'));
  // the frame hears that the report is saved for later, the integrator that this send failed
  expect(sent().find((m) => m.name === 'feedback-sent')!.data).toEqual({ queued: true });
  expect(failed).toHaveBeenCalledOnce();
  expect(failed.mock.calls[0]![0]).toMatchObject({ status: 503 });
  expect(feedbackSent).not.toHaveBeenCalled();
  expect(mock.store.reports).toHaveLength(0);
  expect((await listQueuedReports()).map((q) => q.report.formData.description)).toContain('later');
  expect(await flushReportQueue()).toBeGreaterThanOrEqual(1);
  expect(mock.store.reports.map((r) => (r.formData as { description: string }).description)).toContain('later');
  expect(await listQueuedReports()).toEqual([]);
});

test('an outbound submission emits outbound-sent and tracks "<outbound>-submitted" without reportedBy', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  const outbound = vi.fn();
  Gleap.on('outbound-sent', outbound);
  fromFrame('send-feedback', {
    formData: { a: 1, reportedBy: 'x@y.z' },
    action: { feedbackType: 'SURVEY' },
    outboundId: 'ob1',
  });
  await vi.waitFor(() => expect(outbound).toHaveBeenCalledOnce());
  const { getCustomEvents } = await import('../logs/custom-events');
  expect(getCustomEvents()).toContainEqual(expect.objectContaining({ name: 'ob1-submitted', data: { a: 1 } }));
});

test('notify-event is relayed to Gleap.on listeners', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  const started = vi.fn();
  Gleap.on('flow-started', started);
  fromFrame('notify-event', { type: 'flow-started', data: { flowId: 'f' } });
  expect(started).toHaveBeenCalledWith({ flowId: 'f' });
});

test('open-url goes to the url handler with newTab', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  const handler = vi.fn();
  Gleap.setUrlHandler(handler);
  fromFrame('open-url', 'https://docs.test/a', FRAME_ORIGIN, { newTab: true });
  expect(handler).toHaveBeenCalledWith('https://docs.test/a', true);
});

test('run-custom-action calls registered custom actions with the share token', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  const action = vi.fn();
  Gleap.registerCustomAction(action);
  fromFrame('run-custom-action', 'upgrade', FRAME_ORIGIN, { shareToken: 't1' });
  expect(action).toHaveBeenCalledWith({ name: 'upgrade', shareToken: 't1' });
});

test('collect-ticket-data answers with the ticket data', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const { sent } = await openReady();
  Gleap.setTicketAttribute('k', 'v');
  fromFrame('collect-ticket-data');
  // the report pipeline answers it, a lazy module
  await vi.waitFor(() =>
    expect(sent().at(-1)).toMatchObject({
      name: 'collect-ticket-data',
      data: { formData: { k: 'v' }, metaData: { sdkVersion: '14.2.11' } },
    }),
  );
});

test('close-widget from the frame closes it', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  await openReady();
  fromFrame('close-widget');
  expect(Gleap.isOpened()).toBe(false);
});

test('start-product-tour from the frame closes the widget and starts the tour by its id', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const start = vi.fn();
  try {
    await boot();
    // initialize set the loader of the tours chunk; this test only checks the hand-over
    expect(extensions.startProductTour).toBeTypeOf('function');
    extensions.startProductTour = start;
    await openReady();
    fromFrame('start-product-tour', { tourId: 'tour-map' });
    expect(start).toHaveBeenCalledWith('tour-map');
    expect(Gleap.isOpened()).toBe(false);
  } finally {
    delete extensions.startProductTour;
  }
});

test('start-product-tour without a tour loader logs a warning and leaves the widget open', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  delete extensions.startProductTour;
  await openReady();
  expect(() => fromFrame('start-product-tour', { tourId: 'tour-map' })).not.toThrow();
  expect(Gleap.isOpened()).toBe(true);
  expect(getConsoleLogs()).toContainEqual(
    expect.objectContaining({ log: expect.stringContaining('product tour tour-map'), priority: 'WARNING' }),
  );
});

test('start-screen-drawing when the capture chunk cannot load shows the widget again and sets no capture', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const spy = vi.spyOn(capturePort, 'editor').mockResolvedValue(null);
  try {
    await boot();
    const { sent } = await openReady();
    fromFrame('start-screen-drawing', 'screenshot');
    await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
    expect(sent().map((m) => m.name)).not.toContain('set-form-data');
  } finally {
    spy.mockRestore();
  }
});

test('start-screen-drawing runs the capture editor, then shows the widget and sets the capture form value', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const openCaptureEditor = vi.fn().mockResolvedValue({ cancelled: false, mode: 'screenshot' });
  const spy = vi
    .spyOn(capturePort, 'editor')
    .mockResolvedValue({ openCaptureEditor, cleanupDrawings: vi.fn(), uploadRecording: vi.fn() });
  try {
    await boot();
    const { sent } = await openReady();
    fromFrame('start-screen-drawing', 'screenshot');
    await vi.waitFor(() => expect(sent().map((m) => m.name)).toContain('set-form-data'));
    expect(openCaptureEditor).toHaveBeenCalledWith(expect.objectContaining({ mode: 'screenshot' }));
    expect(sent().find((m) => m.name === 'set-form-data')?.data).toEqual({
      formKey: 'capture',
      data: { value: 'screenshot', dirty: true },
    });
    await vi.waitFor(() => expect(Gleap.isOpened()).toBe(true));
  } finally {
    spy.mockRestore();
  }
});

test('a silent crash report is sent once and re-armed after 10 s', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const start = Date.now();
  Gleap.sendSilentCrashReport('boom');
  Gleap.sendSilentCrashReport('boom again');
  // the report is written to the IndexedDB outbox (real I/O) before it is sent
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  await vi.advanceTimersByTimeAsync(9_999 - (Date.now() - start));
  expect(mock.store.reports).toHaveLength(1);
  expect(mock.store.reports[0]).toMatchObject({
    type: 'CRASH',
    priority: 'MEDIUM',
    isSilent: true,
    formData: { description: 'boom' },
  });
  Gleap.sendSilentCrashReport('still blocked');
  await vi.advanceTimersByTimeAsync(1);
  Gleap.sendSilentCrashReport('re-armed');
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(2));
  expect(mock.store.reports[1]!.formData).toMatchObject({ description: 're-armed' });
});

test('excluded data keys are removed from the report', async () => {
  await boot();
  Gleap.sendSilentCrashReportWithFormData({ d: 'x' }, 'HIGH', {
    consoleLog: true,
    networkLogs: true,
    customData: true,
  });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  const r = mock.store.reports[0]!;
  expect(r.consoleLog).toBeUndefined();
  expect(r.networkLogs).toBeUndefined();
  expect(r.customData).toBeUndefined();
  expect(r.priority).toBe('HIGH');
});

test('on the wire a report without tags has no tags key, as gleap sends /bugs/v2; one with tags has them', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  Gleap.sendSilentCrashReport('no tags');
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(Object.keys(mock.store.reports[0]!)).not.toContain('tags');
  await vi.advanceTimersByTimeAsync(10_000);
  Gleap.setTags(['checkout']);
  Gleap.sendSilentCrashReport('tagged');
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(2));
  expect(mock.store.reports[1]!.tags).toEqual(['checkout']);
});

test('a silent crash report with form data leaves out screenshot, replays and attachments unless asked for', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  Gleap.sendSilentCrashReportWithFormData({ d: 'default' });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(mock.store.reports[0]).toMatchObject({ type: 'CRASH', priority: 'MEDIUM', formData: { d: 'default' } });
  expect(mock.store.reports[0]!.screenshotData).toBeUndefined();
  expect(mock.store.reports[0]!.webReplay).toBeUndefined();
  // asked for: the screenshot is taken
  await vi.advanceTimersByTimeAsync(10_000);
  Gleap.sendSilentCrashReportWithFormData({ d: 'with screenshot' }, 'MEDIUM', { screenshot: false });
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(2));
  expect(mock.store.reports[1]!.screenshotData).toMatchObject({ html: expect.any(String) });
});

test('showFeedbackButton(false) hides the launcher', async () => {
  await boot();
  Gleap.showFeedbackButton(false);
  expect(launcher().hidden).toBe(true);
});

test('the no-button placement renders no launcher', async () => {
  mock.store.configs.set(KEY, { flowConfig: { feedbackButtonPosition: 'BUTTON_NONE' } });
  await boot();
  await settle();
  expect(shadow().querySelector('button')).toBeNull();
});

test('RTL configs set dir=rtl on the frame', async () => {
  mock.store.configs.set(KEY, { flowConfig: { localizationOptions: { rtl: true } } });
  await boot();
  launcher().click();
  expect(container().dir).toBe('rtl');
});

test('destroy removes the UI and restores fetch and console', async () => {
  const originalFetch = window.fetch;
  const originalLog = console.log;
  await boot();
  expect(window.fetch).not.toBe(originalFetch);
  Gleap.destroy();
  expect(document.querySelector('voltline-widget')).toBeNull();
  expect(window.fetch).toBe(originalFetch);
  expect(console.log).toBe(originalLog);
});
