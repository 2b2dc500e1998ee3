import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HARDWARE_LOG_SEED_MS } from '../../src/db/seed';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Entry = {
  id: string;
  occurredAt: string;
  level: string;
  deviceId: string;
  deviceSerial: string;
  vehicleId: string | null;
  message: string;
};
type Page = { items: Entry[]; total: number; page: number; pageSize: number };

async function get(role: string, query = '') {
  const response = await server.call({
    method: 'GET',
    url: `/api/hardware-logs${query}`,
    token: await server.tokenOf(role),
  });
  expectContract('get', '/hardware-logs', response);
  return response;
}

const count = async (where: (q: ReturnType<typeof rows>) => ReturnType<typeof rows> = (q) => q) =>
  (await where(rows()).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
const rows = () =>
  server.database.db.selectFrom('hardware_logs').innerJoin('devices', 'devices.id', 'hardware_logs.device_id');

describe('list', () => {
  test('the seeded window of the fitted loggers, newest first, a page at a time', async () => {
    const total = await count();
    expect(total).toBeGreaterThan(1000);
    const newest = await server.database.db
      .selectFrom('hardware_logs')
      .select([sql<Date>`max(occurred_at)`.as('max'), sql<Date>`min(occurred_at)`.as('min')])
      .executeTakeFirstOrThrow();
    // A bounded window (decision 0114), every message of a fitted logger.
    expect(new Date(newest.max).getTime() - new Date(newest.min).getTime()).toBeLessThanOrEqual(HARDWARE_LOG_SEED_MS);
    expect(await count((q) => q.where('devices.type', '<>', 'LOGGER'))).toBe(0);

    const first = await get('SA', '?pageSize=50');
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json() as Page;
    expect(page).toMatchObject({ total, page: 1, pageSize: 50 });
    const times = page.items.map((e) => Date.parse(e.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(times[0]).toBe(new Date(newest.max).getTime());
    const second = (await get('SA', '?pageSize=50&page=2')).json() as Page;
    expect(Date.parse(second.items[0]?.occurredAt ?? '')).toBeLessThanOrEqual(times[49] ?? 0);
    expect(new Set([...page.items, ...second.items].map((e) => e.id)).size).toBe(100);
    const oldest = (await get('SA', '?pageSize=1&sort=occurredAt:asc')).json() as Page;
    expect(Date.parse(oldest.items[0]?.occurredAt ?? '')).toBe(new Date(newest.min).getTime());
  });

  test('filters by level and device, searches the message and the serial, and limits to a range', async () => {
    const errors = (await get('SA', '?filter[level]=ERROR,WARN&pageSize=100')).json() as Page;
    expect(errors.total).toBe(await count((q) => q.where('hardware_logs.level', 'in', ['ERROR', 'WARN'])));
    expect(new Set(errors.items.map((e) => e.level))).toEqual(new Set(['ERROR', 'WARN']));
    const deviceId = errors.items[0]?.deviceId as string;
    const one = (await get('SA', `?filter[deviceId]=${deviceId}&pageSize=100`)).json() as Page;
    expect(one.total).toBe(await count((q) => q.where('hardware_logs.device_id', '=', deviceId)));
    expect(one.items.every((e) => e.deviceId === deviceId)).toBe(true);

    const found = (await get('SA', '?q=watchdog')).json() as Page;
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((e) => e.message === 'Watchdog reset')).toBe(true);
    const serial = one.items[0]?.deviceSerial as string;
    const bySerial = (await get('SA', `?q=${encodeURIComponent(serial)}&pageSize=1000`)).json() as Page;
    expect(bySerial.items.every((e) => e.deviceSerial.includes(serial) || e.message.includes(serial))).toBe(true);
    expect(bySerial.total).toBeGreaterThanOrEqual(one.total);

    const latest = Date.parse(((await get('SA', '?pageSize=1')).json() as Page).items[0]?.occurredAt ?? '');
    const from = new Date(latest - 3_600_000).toISOString();
    const to = new Date(latest - 1_800_000).toISOString();
    const hour = (await get('SA', `?from=${from}&to=${to}&pageSize=1000`)).json() as Page;
    expect(hour.total).toBe(
      await count((q) =>
        q
          .where('hardware_logs.occurred_at', '>=', new Date(from))
          .where('hardware_logs.occurred_at', '<=', new Date(to)),
      ),
    );
    expect(hour.total).toBeGreaterThan(0);
  });

  test("an OEM's admin reads its own loggers' messages only; another OEM's logger matches nothing", async () => {
    const oem = await server.database.db
      .selectFrom('users')
      .select('oem_id')
      .where('email', '=', 'oema@voltline.demo')
      .executeTakeFirstOrThrow();
    const oemId = oem.oem_id as string;
    const response = await get('OEMA', '?pageSize=1000');
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as Page;
    const theirs = await count((q) => q.where('devices.oem_id', '=', oemId));
    expect(page.total).toBe(theirs);
    expect(theirs).toBeLessThan(await count());
    const own = await server.database.db.selectFrom('devices').select('id').where('oem_id', '=', oemId).execute();
    const ids = new Set(own.map((d) => d.id));
    expect(page.items.every((e) => ids.has(e.deviceId))).toBe(true);

    const other = await server.database.db
      .selectFrom('hardware_logs')
      .innerJoin('devices', 'devices.id', 'hardware_logs.device_id')
      .select('devices.id')
      .where('devices.oem_id', '<>', oemId)
      .executeTakeFirstOrThrow();
    const outside = (await get('OEMA', `?filter[deviceId]=${other.id}`)).json() as Page;
    expect(outside).toMatchObject({ total: 0, items: [] });
  });

  test('400 for a level, sort or range the contract does not allow; 403 without `hl`; 401 without a token', async () => {
    const level = await get('SA', '?filter[level]=FATAL');
    expect(level.statusCode).toBe(400);
    expect(level.json().code).toBe('invalid_query');
    expect((await get('SA', '?sort=message:asc')).statusCode).toBe(400);
    expect((await get('SA', '?filter[vehicleId]=veh-0001')).statusCode).toBe(400);
    const backwards = await get('SA', '?from=2026-06-02T00:00:00Z&to=2026-06-01T00:00:00Z');
    expect(backwards.statusCode).toBe(400);
    expect((await get('SA', '?from=yesterday')).statusCode).toBe(400);
    const denied = await get('FA');
    expect(denied.statusCode).toBe(403);
    const anonymous = await server.call({ method: 'GET', url: '/api/hardware-logs' });
    expectContract('get', '/hardware-logs', anonymous);
    expect(anonymous.statusCode).toBe(401);
  });
});
