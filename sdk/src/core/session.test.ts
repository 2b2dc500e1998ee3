import { HttpResponse, http } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { failNext } from '../mock/widget-store';
import { API, KEY, createTestServer, resetWidget, settle } from '../test/widget-harness';
import {
  getSession,
  identifySession,
  isIdentified,
  isSessionReady,
  isUnchanged,
  sessionKey,
  startSession,
  updateSession,
} from './session';
import { settings } from './state';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetWidget(mock);
  settings.sdkKey = KEY;
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});

const sessionCalls = () => mock.store.calls.filter((c) => c.path === '/sessions');

test('a fresh visitor posts /sessions with the lower-cased language and the SDK key header', async () => {
  settings.language = 'de-DE';
  await startSession();
  const call = sessionCalls()[0]!;
  expect(call.body).toEqual({ lang: 'de-de' });
  expect(call.headers['api-token']).toBe(KEY);
  expect(call.headers['content-type']).toBe('application/json;charset=UTF-8');
  expect(call.headers['gleap-id']).toBeUndefined();
  expect(isSessionReady()).toBe(true);
});

test('the session is stored in local storage under a key per SDK key', async () => {
  await startSession();
  expect(sessionKey()).toBe(`gleap-widget-session-${KEY}`);
  expect(JSON.parse(localStorage.getItem(sessionKey())!).gleapId).toBe(getSession()!.gleapId);
});

test('a stored session is sent back as Gleap-Id and Gleap-Hash', async () => {
  await startSession();
  const first = getSession()!;
  await startSession();
  expect(sessionCalls()[1]!.headers['gleap-id']).toBe(first.gleapId);
  expect(sessionCalls()[1]!.headers['gleap-hash']).toBe(first.gleapHash);
});

test('with cookies enabled the session is also kept in a 365-day SameSite cookie', async () => {
  settings.useCookies = true;
  const spy = vi.spyOn(document, 'cookie', 'set');
  await startSession();
  const written = spy.mock.calls.map((c) => c[0]).find((c) => c.startsWith(`session-${KEY}=`))!;
  expect(written).toContain('SameSite=Lax');
  const expires = Date.parse(/expires=([^;]+)/.exec(written)![1]!);
  expect(Math.round((expires - Date.now()) / 864e5)).toBe(365);
  spy.mockRestore();
});

test('without cookies enabled no session cookie is written', async () => {
  await startSession();
  expect(document.cookie).not.toContain(`session-${KEY}`);
});

test('a failed start clears the session and retries after 10 s times attempt squared', async () => {
  vi.useFakeTimers();
  failNext(mock.store, 'POST /sessions', 500, 2);
  await startSession();
  expect(isSessionReady()).toBe(false);
  expect(sessionCalls()).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(9_999);
  expect(sessionCalls()).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(sessionCalls()).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(39_999);
  expect(sessionCalls()).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1);
  await settle();
  expect(sessionCalls()).toHaveLength(3);
  expect(isSessionReady()).toBe(true);
});

test.each([
  ['an empty 200', () => new HttpResponse(null, { status: 200 })],
  ['malformed JSON', () => new HttpResponse('{"gleapId":', { status: 200 })],
  ['an HTML page', () => new HttpResponse('<html>proxy login</html>', { status: 200 })],
  ['JSON without gleapId', () => HttpResponse.json({ gleapHash: 'h' })],
])('a session answer of %s is a failure, retried 10 s later', async (_name, answer) => {
  vi.useFakeTimers();
  let bad = true;
  server.use(
    http.post(`${API}/sessions`, () => {
      if (!bad) return undefined;
      bad = false;
      return answer();
    }),
  );
  await startSession();
  expect(isSessionReady()).toBe(false);
  expect(localStorage.getItem(sessionKey())).toBeNull();
  await vi.advanceTimersByTimeAsync(10_000);
  await settle();
  expect(isSessionReady()).toBe(true);
  expect(getSession()!.gleapId).toMatch(/^gid-/);
});

test('a 429 answer does nothing: no retry and the stored session stays', async () => {
  vi.useFakeTimers();
  localStorage.setItem(sessionKey(), JSON.stringify({ gleapId: 'g', gleapHash: 'h' }));
  failNext(mock.store, 'POST /sessions', 429);
  await startSession();
  await vi.advanceTimersByTimeAsync(60_000);
  expect(sessionCalls()).toHaveLength(1);
  expect(localStorage.getItem(sessionKey())).not.toBeNull();
});

test('identify and update before the session is ready reject with "Session not ready yet."', async () => {
  await expect(identifySession('u1', { name: 'A' })).rejects.toThrow('Session not ready yet.');
  await expect(updateSession({ name: 'A' })).rejects.toThrow('Session not ready yet.');
});

test('identify posts the fields with customData flattened, userId, userHash and lang', async () => {
  await startSession();
  await identifySession('u1', { name: 'Ada', email: 'ada@example.com', customData: { plan: 'pro' } }, 'hmac');
  const call = mock.store.calls.find((c) => c.path === '/sessions/identify')!;
  expect(call.body).toEqual({
    name: 'Ada',
    email: 'ada@example.com',
    plan: 'pro',
    userId: 'u1',
    userHash: 'hmac',
    lang: expect.any(String),
  });
  expect(isIdentified()).toBe(true);
});

test('identify is skipped when the user id and every given field are unchanged', async () => {
  await startSession();
  await identifySession('u1', { name: 'Ada', customData: { plan: 'pro' } });
  await identifySession('u1', { name: 'Ada', customData: { plan: 'pro' } });
  expect(mock.store.calls.filter((c) => c.path === '/sessions/identify')).toHaveLength(1);
  await identifySession('u2', { name: 'Ada' });
  expect(mock.store.calls.filter((c) => c.path === '/sessions/identify')).toHaveLength(2);
});

test('partialupdate sends data plus lang, type js, sdkVersion and ws', async () => {
  await startSession();
  await updateSession({ email: 'new@example.com' });
  expect(mock.store.calls.find((c) => c.path === '/sessions/partialupdate')!.body).toEqual({
    data: { email: 'new@example.com', lang: expect.any(String) },
    type: 'js',
    sdkVersion: '14.2.11',
    ws: true,
  });
});

test('identify rejects when the server answers with a status other than 200 or 201', async () => {
  await startSession();
  server.use(http.post(`${API}/sessions/identify`, () => HttpResponse.json({}, { status: 202 })));
  await expect(identifySession('u9', { name: 'X' })).rejects.toThrow('202');
});

test('a guest has no userId and is not identified', async () => {
  await startSession();
  expect(isIdentified()).toBe(false);
  expect(isUnchanged(undefined, {})).toBe(true);
});

test('with cookies enabled a stored session cookie is read back', async () => {
  settings.useCookies = true;
  await startSession();
  const id = getSession()!.gleapId;
  localStorage.clear();
  await startSession();
  expect(sessionCalls()[1]!.headers['gleap-id']).toBe(id);
});
