import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { call, signIn } from '../test/api-test-client';

type Row = { id: string; occurredAt: string; level: string; deviceId: string; deviceSerial: string; message: string };

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: NOW });
});
afterEach(() => {
  vi.useRealTimers();
});

test('answers 401 without a token and 403 without the hardware log permission', async () => {
  expect((await call('GET', '/hardware-logs')).status).toBe(401);
  const token = await signIn('DA');
  expect((await call('GET', '/hardware-logs', { token })).status).toBe(403);
});

test('pages a long history newest first', async () => {
  const token = await signIn('SA');
  const first = await call('GET', '/hardware-logs?pageSize=50', { token });
  expect(first.status).toBe(200);
  expect(first.body.total).toBeGreaterThan(10_000);
  const times = first.body.items.map((r: Row) => Date.parse(r.occurredAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(times[0]).toBeLessThanOrEqual(NOW);
  const second = await call('GET', '/hardware-logs?pageSize=50&page=2', { token });
  expect(Date.parse(second.body.items[0].occurredAt)).toBeLessThanOrEqual(times[49]);
  expect(second.body.items[0].id).not.toBe(first.body.items[49].id);
});

test('filters by level and device', async () => {
  const token = await signIn('SA');
  const errors = await call('GET', '/hardware-logs?filter[level]=ERROR&pageSize=100', { token });
  expect(errors.body.total).toBeGreaterThan(0);
  expect(new Set(errors.body.items.map((r: Row) => r.level))).toEqual(new Set(['ERROR']));
  const deviceId = errors.body.items[0].deviceId;
  const one = await call('GET', `/hardware-logs?filter[deviceId]=${deviceId}&pageSize=100`, { token });
  expect(one.body.total).toBeGreaterThan(0);
  expect(one.body.items.every((r: Row) => r.deviceId === deviceId)).toBe(true);
});

test('searches the message and limits to a date range', async () => {
  const token = await signIn('SA');
  const found = await call('GET', '/hardware-logs?q=watchdog', { token });
  expect(found.body.total).toBeGreaterThan(0);
  expect(found.body.items.every((r: Row) => r.message === 'Watchdog reset')).toBe(true);
  const from = new Date(NOW - 3_600_000).toISOString();
  const to = new Date(NOW - 1_800_000).toISOString();
  const hour = await call('GET', `/hardware-logs?from=${from}&to=${to}&pageSize=1000`, { token });
  expect(hour.body.total).toBeGreaterThan(0);
  for (const r of hour.body.items as Row[]) {
    expect(Date.parse(r.occurredAt)).toBeGreaterThanOrEqual(NOW - 3_600_000);
    expect(Date.parse(r.occurredAt)).toBeLessThanOrEqual(NOW - 1_800_000);
  }
});

test('new messages appear as time passes, and older pages stay the same', async () => {
  const token = await signIn('SA');
  const before = (await call('GET', '/hardware-logs?pageSize=5', { token })).body;
  vi.setSystemTime(NOW + 60_000);
  const after = (await call('GET', '/hardware-logs?pageSize=5', { token })).body;
  expect(after.total).toBeGreaterThan(before.total - 20);
  expect(Date.parse(after.items[0].occurredAt)).toBeGreaterThan(Date.parse(before.items[0].occurredAt));
  const beforeIds = before.items.map((r: Row) => r.id);
  const again = (await call('GET', `/hardware-logs?pageSize=1000&to=${before.items[0].occurredAt}`, { token })).body;
  expect(again.items.slice(0, 5).map((r: Row) => r.id)).toEqual(beforeIds);
});

test('an OEM admin sees its own loggers only and a fleet admin is refused', async () => {
  const token = await signIn('OEMA');
  const res = await call('GET', '/hardware-logs?pageSize=200', { token });
  expect(res.status).toBe(200);
  const oemDevices = (await call('GET', '/devices?filter[type]=LOGGER&pageSize=1000', { token })).body.items.map(
    (d: { id: string }) => d.id,
  );
  for (const r of res.body.items as Row[]) expect(oemDevices).toContain(r.deviceId);
  const fa = await signIn('FA');
  expect((await call('GET', '/hardware-logs', { token: fa })).status).toBe(403);
});
