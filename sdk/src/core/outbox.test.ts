import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { http, HttpResponse, delay } from 'msw';
import { failNext } from '../mock/widget-store';
import { API, KEY, createTestServer, resetWidget } from '../test/widget-harness';
import { API_TIMEOUT_MS } from './constants';
import { OUTBOX_LOCK, cancelReportRetry, flushReportQueue, submitReport } from './outbox';
import { buildReport } from './report';
import { listQueuedReports, removeQueuedReport } from './report-queue';
import { settings } from './state';

const { mock, server } = createTestServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  resetWidget(mock);
  settings.sdkKey = KEY;
  for (const q of await listQueuedReports()) await removeQueuedReport(q.id as number);
});
afterEach(() => {
  server.resetHandlers();
  cancelReportRetry();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const report = (description: string) => buildReport({ formData: { description } });
const bugCalls = () => mock.store.calls.filter((c) => c.path === '/bugs/v2');

test('a report is in the outbox before its request starts and leaves it on a 2xx', async () => {
  let keptDuringRequest: string[] = [];
  server.use(
    http.post(`${API}/bugs/v2`, async () => {
      keptDuringRequest = (await listQueuedReports()).map((q) => String(q.report.formData.description));
      return HttpResponse.json({ id: 'r-1' }, { status: 201 });
    }),
  );
  expect(await submitReport(await report('saved first'))).toEqual({ status: 'sent', result: { id: 'r-1' } });
  expect(keptDuringRequest).toEqual(['saved first']);
  expect(await listQueuedReports()).toEqual([]);
});

test('a call that hangs gives up after the client time-out and the report stays in the outbox', async () => {
  server.use(http.post(`${API}/bugs/v2`, () => delay('infinite')));
  expect(API_TIMEOUT_MS).toBe(15_000);
  const built = await report('hangs');
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const outcome = submitReport(built);
  // the outbox write is real I/O; the time-out starts with the request
  await vi.waitFor(async () => expect(await listQueuedReports()).toHaveLength(1));
  await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS);
  expect(await outcome).toMatchObject({ status: 'queued', error: { status: 0 } });
  expect((await listQueuedReports()).map((q) => q.report.formData.description)).toEqual(['hangs']);
});

test('a 429 is kept and retried after its Retry-After, then stored', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  failNext(mock.store, 'POST /bugs/v2', 429, 1, { retryAfter: 3 });
  expect(await submitReport(await report('rate limited'))).toEqual({ status: 'queued', error: expect.any(Error) });
  await vi.advanceTimersByTimeAsync(2_900);
  expect(bugCalls()).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(100);
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(await listQueuedReports()).toEqual([]);
});

test.each([408, 500, 502, 503])('a %i answer is retryable: the report is kept', async (status) => {
  failNext(mock.store, 'POST /bugs/v2', status);
  expect(await submitReport(await report(`status ${status}`))).toEqual({ status: 'queued', error: expect.any(Error) });
  expect(await listQueuedReports()).toHaveLength(1);
});

test.each([400, 401, 403, 404, 413, 422])('a %i answer is final: rejected and not kept', async (status) => {
  failNext(mock.store, 'POST /bugs/v2', status);
  await expect(submitReport(await report(`status ${status}`))).rejects.toThrow(String(status));
  expect(await listQueuedReports()).toEqual([]);
});

test('every report carries a client id, and the mock stores a report sent twice once', async () => {
  const built = await report('twice');
  built.clientId = 'c0ffee00-0000-4000-8000-000000000001';
  await submitReport(built);
  await submitReport(built);
  expect(bugCalls()).toHaveLength(2);
  expect(mock.store.reports).toHaveLength(1);
  await submitReport(await report('fresh'));
  expect(mock.store.reports).toHaveLength(2);
  expect(mock.store.reports[1]!.clientId).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});

test('a drain leaves a report whose own request is still under way to that request', async () => {
  let release: () => void = () => {};
  let requests = 0;
  server.use(
    http.post(`${API}/bugs/v2`, async () => {
      requests += 1;
      await new Promise<void>((r) => {
        release = r;
      });
      return HttpResponse.json({ id: 'slow' }, { status: 201 });
    }),
  );
  const pending = submitReport(await report('in flight'));
  await vi.waitFor(() => expect(requests).toBe(1));
  expect(await flushReportQueue()).toBe(0);
  expect(requests).toBe(1);
  release();
  expect((await pending).status).toBe('sent');
});

test('only the tab holding the outbox lock drains it', async () => {
  failNext(mock.store, 'POST /bugs/v2', 503);
  await submitReport(await report('kept'));
  const request = vi.fn((_name: string, _opts: unknown, cb: (lock: unknown) => unknown) => Promise.resolve(cb(null)));
  vi.stubGlobal('navigator', { locks: { request }, onLine: true });
  expect(await flushReportQueue()).toBe(0);
  expect(request).toHaveBeenCalledWith(OUTBOX_LOCK, { ifAvailable: true }, expect.any(Function));
  expect(bugCalls()).toHaveLength(1);
  request.mockImplementation((_n, _o, cb) => Promise.resolve(cb({ name: OUTBOX_LOCK })));
  expect(await flushReportQueue()).toBe(1);
  expect(mock.store.reports).toHaveLength(1);
});
