import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import {
  STREAMED,
  TOO_LARGE,
  UNSUPPORTED,
  addNetworkLogs,
  clearNetworkLogs,
  getRecordedNetworkLogs,
  getMaxNetworkRequests,
  readResponseBody,
  resetNetworkOptions,
  setMaxNetworkRequests,
  setNetworkBlacklist,
  setNetworkPropsToIgnore,
  startNetworkLogger,
  stopNetworkLogger,
} from './network-logger';
import { getNetworkLogs } from './network-log';

const server = setupServer(
  http.get('https://app.test/json', () => HttpResponse.json({ ok: true, token: 'abc', keep: 1 })),
  http.post('https://app.test/echo', async ({ request }) => HttpResponse.text(await request.text())),
  http.get('https://app.test/big', () => HttpResponse.text('z'.repeat(150_001))),
  http.get(
    'https://app.test/image',
    () => new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/png' } }),
  ),
  http.get('https://app.test/n/:i', () => HttpResponse.json({})),
  http.get('https://api.provider.test/x', () => HttpResponse.json({})),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  clearNetworkLogs();
  resetNetworkOptions();
  startNetworkLogger();
});
afterEach(() => stopNetworkLogger());

async function until(n: number) {
  for (let i = 0; i < 100 && getNetworkLogs().length < n; i += 1) await new Promise((r) => setTimeout(r, 5));
}

test('a fetch is logged with method, status, body and duration, and the host gets the same response', async () => {
  const res = await fetch('https://app.test/json');
  expect(await res.json()).toEqual({ ok: true, token: 'abc', keep: 1 });
  await until(1);
  const entry = getNetworkLogs()[0]!;
  // initiatorType as on the RESOURCE entries of the same report, so every network-log entry says what made it
  expect(entry).toMatchObject({
    url: 'https://app.test/json',
    type: 'GET',
    success: true,
    response: { status: 200 },
    initiatorType: 'fetch',
  });
  expect(JSON.parse(entry.response!.responseText)).toEqual({ ok: true, token: '[redacted]', keep: 1 });
  expect(typeof entry.duration).toBe('number');
});

test('Authorization, Cookie and Set-Cookie headers are redacted by default', async () => {
  await fetch('https://app.test/echo', {
    method: 'POST',
    body: 'hi',
    headers: { Authorization: 'Bearer x', Cookie: 'a=b', 'X-Trace': '1' },
  });
  await until(1);
  expect(getNetworkLogs()[0]!.request).toEqual({
    payload: 'hi',
    headers: { authorization: '[redacted]', cookie: '[redacted]', 'x-trace': '1' },
  });
});

test('the recorder keeps the request as it went; the report reads it redacted, attached entries as given', async () => {
  await fetch('https://app.test/echo?token=abc', { method: 'POST', body: 'token=abc', headers: { Cookie: 'a=b' } });
  await until(1);
  addNetworkLogs([{ url: 'https://own.test/?token=kept', date: '2024-01-01T00:00:00.000Z', type: 'GET' }]);
  const [raw] = getRecordedNetworkLogs();
  expect(raw).toMatchObject({ url: 'https://app.test/echo?token=abc', request: { payload: 'token=abc' } });
  expect(raw!.request!.headers).toEqual({ cookie: 'a=b' });
  const [sent, attached] = getNetworkLogs();
  expect(sent).toMatchObject({
    url: 'https://app.test/echo?token=%5Bredacted%5D',
    request: { payload: 'token=%5Bredacted%5D', headers: { cookie: '[redacted]' } },
    response: { responseText: 'token=%5Bredacted%5D' },
  });
  expect(attached!.url).toBe('https://own.test/?token=kept');
});

test('bodies over about 0.15 MB are replaced by the too-large marker', async () => {
  await fetch('https://app.test/big');
  await until(1);
  expect(getNetworkLogs()[0]!.response!.responseText).toBe(TOO_LARGE);
});

test('non-textual bodies are marked unsupported', async () => {
  await fetch('https://app.test/image');
  await until(1);
  expect(getNetworkLogs()[0]!.response!.responseText).toBe(UNSUPPORTED);
});

test('30 requests are kept by default and never more than 70', async () => {
  expect(getMaxNetworkRequests()).toBe(30);
  for (let i = 0; i < 31; i += 1) await fetch(`https://app.test/n/${i}`);
  await until(30);
  await new Promise((r) => setTimeout(r, 20));
  expect(getNetworkLogs()).toHaveLength(30);
  expect(getNetworkLogs()[0]!.url).toBe('https://app.test/n/1');
  setMaxNetworkRequests(500);
  expect(getMaxNetworkRequests()).toBe(70);
});

test('blacklisted hosts are not logged', async () => {
  setNetworkBlacklist(['https://api.provider.test']);
  await fetch('https://api.provider.test/x');
  await fetch('https://app.test/n/1');
  await until(1);
  await new Promise((r) => setTimeout(r, 20));
  expect(getNetworkLogs().map((e) => e.url)).toEqual(['https://app.test/n/1']);
});

test('props to ignore are removed from logged JSON bodies and headers', async () => {
  setNetworkPropsToIgnore(['keep', 'x-trace']);
  await fetch('https://app.test/json', { headers: { 'x-trace': '1' } });
  await until(1);
  const entry = getNetworkLogs()[0]!;
  expect(JSON.parse(entry.response!.responseText)).toEqual({ ok: true, token: '[redacted]' });
  expect(entry.request!.headers).toEqual({});
});

test('an event stream is never read by the logger', async () => {
  let pulled = 0;
  const body = new ReadableStream({
    pull(c) {
      pulled += 1;
      c.enqueue(new TextEncoder().encode('data: x\n\n'));
    },
  });
  const res = new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  expect(await readResponseBody(res)).toBe(STREAMED);
  expect(res.bodyUsed).toBe(false);
  expect(pulled).toBeLessThanOrEqual(1);
});

test('a long unbounded stream is cut at the limit and the host branch still reads it', async () => {
  let sent = 0;
  const chunk = new TextEncoder().encode('a'.repeat(10_000));
  const res = new Response(
    new ReadableStream({
      pull(c) {
        sent += 1;
        if (sent > 30) c.close();
        else c.enqueue(chunk);
      },
    }),
    { headers: { 'content-type': 'text/plain' } },
  );
  expect(await readResponseBody(res)).toBe(TOO_LARGE);
  const reader = res.body!.getReader();
  const first = await reader.read();
  expect(first.value!.byteLength).toBe(10_000);
});

/** A minimal XHR: MSW's node interceptor proxies XHR instances and bypasses prototype methods, so the wrapper is
 * exercised against this stand-in (the real browser XHR path runs in the Playwright tests). */
class FakeXhr extends EventTarget {
  status = 0;
  statusText = '';
  responseText = '';
  responseType = '';
  response: unknown = '';
  open(_m: string, _u: string) {}
  setRequestHeader(_n: string, _v: string) {}
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null;
  }
  send(_body?: unknown) {
    this.status = 201;
    this.statusText = 'Created';
    this.responseText = '{"id":1,"token":"t"}';
    this.dispatchEvent(new Event('loadend'));
  }
}

test('XHR requests are logged with their status, redacted headers and bodies', () => {
  stopNetworkLogger();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  try {
    startNetworkLogger();
    const xhr = new XMLHttpRequest();
    xhr.open('post', 'https://app.test/echo');
    xhr.setRequestHeader('Authorization', 'Bearer q');
    xhr.send('{"password":"p","a":1}');
    const entry = getNetworkLogs()[0]!;
    expect(entry).toMatchObject({
      type: 'POST',
      success: true,
      response: { status: 201, statusText: 'Created' },
      initiatorType: 'xmlhttprequest',
    });
    expect(entry.request!.headers).toEqual({ Authorization: '[redacted]' });
    expect(JSON.parse(entry.request!.payload as string)).toEqual({ password: '[redacted]', a: 1 });
    expect(JSON.parse(entry.response!.responseText)).toEqual({ id: 1, token: '[redacted]' });
  } finally {
    stopNetworkLogger();
    vi.unstubAllGlobals();
  }
});
