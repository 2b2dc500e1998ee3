import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { Gleap } from '../index';
import { encodeMessage } from '../protocol/messages';
import { API, FRAME, FRAME_ORIGIN, KEY, WS, createTestServer, resetWidget } from '../test/widget-harness';
import { applyServerUpdate } from './widget-flows';

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
  vi.useRealTimers();
  resetWidget(mock);
});

const shadow = () => document.querySelector('voltline-widget')!.shadowRoot!;

async function boot() {
  const ready = new Promise((r) => Gleap.on('initialized', r));
  Gleap.initialize(KEY);
  await ready;
}

async function openReady() {
  shadow().querySelector('button')!.click();
  const spy = vi.fn();
  Object.defineProperty(shadow().querySelector('iframe')!, 'contentWindow', {
    value: { postMessage: spy },
    configurable: true,
  });
  window.dispatchEvent(
    new MessageEvent('message', { data: encodeMessage('ping' as never, undefined as never), origin: FRAME_ORIGIN }),
  );
  await vi.advanceTimersByTimeAsync(300);
  return () => spy.mock.calls.map(([raw]) => JSON.parse(String(raw)));
}

test('a socket update sets the unread count on the button and emits unread-count-changed while closed', async () => {
  await boot();
  const changed = vi.fn();
  Gleap.on('unread-count-changed', changed);
  applyServerUpdate({ u: 4 });
  expect(changed).toHaveBeenCalledWith(4);
  expect(shadow().querySelector('.bubble')!.textContent).toBe('4');
});

test('socket updates are ignored while the widget is open', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const sent = await openReady();
  const changed = vi.fn();
  Gleap.on('unread-count-changed', changed);
  applyServerUpdate({ u: 2, a: [{ actionType: 'survey-1' }] });
  expect(changed).not.toHaveBeenCalled();
  expect(sent().map((m) => m.name)).not.toContain('start-survey');
});

test('a socket update while open tells the frame, so an open conversation fetches its new messages', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const sent = await openReady();
  applyServerUpdate({ u: 3 });
  expect(sent().find((m) => m.name === 'server-update')?.data).toEqual({ u: 3 });
});

test('a survey action from the socket opens that survey while closed', async () => {
  await boot();
  applyServerUpdate({ a: [{ actionType: 'survey-9', format: 'survey_full' }] });
  expect(shadow().querySelector('.frame')!.classList.contains('survey_full')).toBe(true);
});

test('changing the language re-initializes softly after 1 s and updates the contact lang', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const before = mock.store.calls.length;
  Gleap.setLanguage('de');
  await vi.advanceTimersByTimeAsync(999);
  expect(mock.store.calls.length).toBe(before);
  await vi.advanceTimersByTimeAsync(1);
  await vi.waitFor(() => expect(mock.store.calls.some((c) => c.path === '/sessions/partialupdate')).toBe(true));
  expect(mock.store.calls.find((c) => c.path === '/sessions/partialupdate')!.body).toMatchObject({
    data: { lang: 'de' },
  });
  expect(mock.store.calls.slice(before).some((c) => c.path === `/config/${KEY}`)).toBe(true);
});

test('initialize twice warns and does nothing more', async () => {
  await boot();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const sessions = mock.store.calls.filter((c) => c.path === '/sessions').length;
  Gleap.initialize(KEY);
  expect(warn).toHaveBeenCalledWith('Gleap already initialized.');
  expect(mock.store.calls.filter((c) => c.path === '/sessions').length).toBe(sessions);
  warn.mockRestore();
});

test('clearIdentity tells the frame, unregisters the push group and starts a fresh guest session', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const hash = Gleap.getIdentity().gleapHash;
  const sent = await openReady();
  const unregister = vi.fn();
  Gleap.on('unregister-pushmessage-group', unregister);
  Gleap.clearIdentity();
  expect(sent().map((m) => m.name)).toContain('session-cleared');
  expect(unregister).toHaveBeenCalledWith(`gleapuser-${hash}`);
  expect(localStorage.getItem(`gleap-widget-session-${KEY}`)).toBeNull();
  await vi.waitFor(() => expect(Gleap.getIdentity().gleapId).toBeTruthy());
  expect(Gleap.getIdentity().gleapHash).not.toBe(hash);
});

test('the feedback flow starts only once the session is ready', () => {
  Gleap.startFeedbackFlow('bugreporting');
  expect(document.querySelector('voltline-widget')).toBeNull();
});

test('live mode connects the socket and registers the push group when the session is ready', async () => {
  const sockets: string[] = [];
  class FakeSocket {
    constructor(url: string) {
      sockets.push(url);
    }
    close() {}
    send() {}
  }
  vi.stubGlobal('WebSocket', FakeSocket);
  Gleap.setLiveSite(true);
  const register = vi.fn();
  Gleap.on('register-pushmessage-group', register);
  await boot();
  expect(sockets[0]).toMatch(/^wss:\/\/ws\.test\?gleapId=.+&gleapHash=.+&apiKey=key-123&sdkVersion=14\.2\.11$/);
  expect(register).toHaveBeenCalledWith(expect.stringMatching(/^gleapuser-/));
  vi.unstubAllGlobals();
});

test('offline mode opens no socket (issue 36 item 4); a host that is not live still does (issue 17 item 11)', async () => {
  const construct = vi.fn(function FakeSocket() {
    return { close() {} };
  });
  vi.stubGlobal('WebSocket', construct);
  try {
    Gleap.setOfflineMode(true);
    await boot();
    expect(Gleap.isLiveMode()).toBe(false);
    expect(construct).not.toHaveBeenCalled();
    resetWidget(mock);
    // localhost is not live either, but only offline mode keeps the socket closed
    await boot();
    expect(Gleap.isLiveMode()).toBe(false);
    expect(construct).toHaveBeenCalledWith(expect.stringContaining('gleapId='));
  } finally {
    resetWidget(mock);
    vi.unstubAllGlobals();
  }
});

test('initialized fires once the session starts after an earlier failure', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  const { failNext } = await import('../mock/widget-store');
  failNext(mock.store, 'POST /sessions', 500);
  const initialized = vi.fn();
  Gleap.on('initialized', initialized);
  const sessionCalls = () => mock.store.calls.filter((c) => c.method === 'POST' && c.path === '/sessions').length;
  Gleap.initialize(KEY);
  await vi.waitFor(() => expect(sessionCalls()).toBe(1));
  await vi.advanceTimersByTimeAsync(4000);
  expect(sessionCalls()).toBe(1);
  expect(initialized).not.toHaveBeenCalled();
  // the retry comes after its back-off, and the widget is then announced once
  await vi.waitFor(
    async () => {
      await vi.advanceTimersByTimeAsync(500);
      expect(sessionCalls()).toBe(2);
    },
    { timeout: 5000 },
  );
  await vi.waitFor(() => expect(initialized).toHaveBeenCalledOnce());
});

test('opening moves focus into the frame and closing gives it back to the launcher', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  shadow().querySelector('button')!.focus();
  await openReady();
  expect(shadow().activeElement?.tagName).toBe('IFRAME');
  Gleap.close();
  expect(shadow().activeElement?.tagName).toBe('BUTTON');
});

test('a gleap:// link from the frame opens inside the widget instead of navigating', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  await boot();
  const sent = await openReady();
  const handler = vi.fn();
  Gleap.setUrlHandler(handler);
  window.dispatchEvent(
    new MessageEvent('message', {
      data: encodeMessage('open-url' as never, 'gleap://article/a1' as never),
      origin: FRAME_ORIGIN,
    }),
  );
  expect(handler).not.toHaveBeenCalled();
  expect(sent().at(-1)).toMatchObject({ name: 'open-help-article', data: { articleId: 'a1' } });
});

test('a widget destroyed right after initialize never starts a session', async () => {
  Gleap.initialize(KEY);
  Gleap.destroy();
  await new Promise((r) => setTimeout(r, 50));
  expect(mock.store.calls.filter((c) => c.path === '/sessions')).toHaveLength(0);
  expect(document.querySelector('voltline-widget')).toBeNull();
});
