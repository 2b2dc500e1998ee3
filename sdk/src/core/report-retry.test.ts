import { afterAll, afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import { failNext } from '../mock/widget-store';
import { KEY, createTestServer, resetWidget } from '../test/widget-harness';
import { listQueuedReports, removeQueuedReport } from './report-queue';
import { RETRY_FIRST_MS, buildReport, cancelReportRetry, submitReport } from './report';
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
  cancelReportRetry();
  vi.useRealTimers();
});

test('a kept report is retried 30 s later and the wait doubles after each failure', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  failNext(mock.store, 'POST /bugs/v2', 503, 2);
  expect(await submitReport(await buildReport({ formData: { description: 'keep me' } }))).toMatchObject({
    status: 'queued',
  });
  expect(RETRY_FIRST_MS).toBe(30_000);
  await vi.advanceTimersByTimeAsync(30_000);
  await vi.waitFor(() => expect(mock.store.calls.filter((c) => c.path === '/bugs/v2')).toHaveLength(2));
  expect(mock.store.reports).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(59_000);
  expect(mock.store.reports).toHaveLength(0);
  await vi.advanceTimersByTimeAsync(1_000);
  await vi.waitFor(() => expect(mock.store.reports).toHaveLength(1));
  expect(mock.store.reports[0]!.formData).toMatchObject({ description: 'keep me' });
  expect(await listQueuedReports()).toEqual([]);
});

test('a report is kept when the browser is offline', async () => {
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  expect(await submitReport(await buildReport({ formData: { description: 'offline' } }))).toMatchObject({
    status: 'queued',
  });
  expect(mock.store.calls.filter((c) => c.path === '/bugs/v2')).toHaveLength(0);
  expect((await listQueuedReports()).map((q) => q.report.formData.description)).toEqual(['offline']);
  online.mockRestore();
});

test('a 4xx answer is a real failure and the report is not kept', async () => {
  failNext(mock.store, 'POST /bugs/v2', 422);
  await expect(submitReport(await buildReport({ formData: {} }))).rejects.toThrow('422');
  expect(await listQueuedReports()).toEqual([]);
});
