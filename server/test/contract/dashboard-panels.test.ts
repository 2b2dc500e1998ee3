import { sql } from 'kysely';
import { defaultPermissionsFor } from '@/domain/permissions';
import { TICKET_PRIORITIES, ticketSla } from '@/domain/tickets';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

// The dashboard panels that read current state: SoC, battery health, tickets, firmware rollouts (issue 39).

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

async function send(role: string, url: string) {
  return server.call({ method: 'GET', url: `/api${url}`, token: await server.tokenOf(role) });
}

async function fleetOf(email: string): Promise<string> {
  const row = await server.database.db
    .selectFrom('users')
    .select('fleet_id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.fleet_id as string;
}

describe('panel data: SoC distribution and battery health', () => {
  async function vehicles(fleetId?: string) {
    let q = server.database.db.selectFrom('vehicles').select(['soc', 'health_rating']);
    if (fleetId) q = q.where('fleet_id', '=', fleetId);
    return q.execute();
  }

  test('the vehicles in scope by SoC bucket now; a fleet admin counts only their fleet', async () => {
    const expected = (rows: { soc: number }[]) => {
      const counts = [0, 0, 0, 0, 0];
      for (const v of rows) {
        const i = Math.min(4, Math.floor(Number(v.soc) / 20));
        counts[i] = (counts[i] ?? 0) + 1;
      }
      return {
        total: rows.length,
        buckets: [0, 20, 40, 60, 80].map((min, i) => ({
          label: `${min}-${min + 20}%`,
          min,
          max: min + 20,
          count: counts[i] ?? 0,
        })),
      };
    };
    const all = await send('SA', '/dashboard-data/soc-distribution');
    expectContract('get', '/dashboard-data/soc-distribution', all);
    expect(all.statusCode, all.body).toBe(200);
    const want = expected(await vehicles());
    expect(all.json()).toEqual(want);
    expect(want.buckets.filter((b) => b.count > 0).length).toBeGreaterThan(1);

    const fleet = await fleetOf('fa@voltline.demo');
    const scoped = await send('FA', '/dashboard-data/soc-distribution');
    expectContract('get', '/dashboard-data/soc-distribution', scoped);
    const mine = expected(await vehicles(fleet));
    expect(scoped.json()).toEqual(mine);
    expect(mine.total).toBeLessThan(want.total);
  });

  test('the vehicles in scope by health rating now; a fleet admin counts only their fleet', async () => {
    const expected = (rows: { health_rating: number }[]) => ({
      total: rows.length,
      ratings: [1, 2, 3, 4, 5].map((rating) => ({
        rating,
        count: rows.filter((v) => v.health_rating === rating).length,
      })),
    });
    const all = await send('SA', '/dashboard-data/battery-health');
    expectContract('get', '/dashboard-data/battery-health', all);
    expect(all.statusCode, all.body).toBe(200);
    const want = expected(await vehicles());
    expect(all.json()).toEqual(want);
    expect(want.ratings.filter((r) => r.count > 0).length).toBeGreaterThan(1);

    const scoped = await send('FA', '/dashboard-data/battery-health');
    expectContract('get', '/dashboard-data/battery-health', scoped);
    const mine = expected(await vehicles(await fleetOf('fa@voltline.demo')));
    expect(scoped.json()).toEqual(mine);
    expect(mine.total).toBeLessThan(want.total);
  });

  test('403 without the panel key', async () => {
    for (const path of ['/dashboard-data/soc-distribution', '/dashboard-data/battery-health'] as const) {
      const driver = await send('DR', path);
      expectContract('get', path, driver);
      expect(driver.statusCode).toBe(403);
    }
  });
});

describe('panel data: tickets', () => {
  type Row = { priority: string; open: number; breached: number };

  /** From the tickets table: those whose clock runs (New, In-Progress, Reopen), and those past a target now. */
  async function expected(fleetId?: string, at = Date.now()) {
    let q = server.database.db
      .selectFrom('tickets')
      .innerJoin('vehicles', 'vehicles.id', 'tickets.vehicle_id')
      .select([
        'tickets.status',
        'tickets.priority',
        'tickets.active_ms',
        'tickets.active_since',
        'tickets.first_response_active_ms',
      ])
      .where('tickets.status', 'in', [1, 2, 4]);
    if (fleetId) q = q.where('vehicles.fleet_id', '=', fleetId);
    const rows = await q.execute();
    const byPriority: Row[] = TICKET_PRIORITIES.map((priority) => ({
      priority,
      open: 0,
      breached: 0,
    }));
    for (const t of rows) {
      const row = byPriority.find((r) => r.priority === t.priority);
      if (!row) continue;
      row.open += 1;
      const sla = ticketSla(
        {
          status: t.status as 1,
          priority: t.priority as 'low',
          activeMs: Number(t.active_ms),
          activeSince: t.active_since === null ? null : new Date(t.active_since).getTime(),
          firstResponseActiveMs: t.first_response_active_ms === null ? null : Number(t.first_response_active_ms),
        },
        at,
      );
      if (sla.firstResponse.state === 'breached' || sla.resolution.state === 'breached') row.breached += 1;
    }
    return {
      open: byPriority.reduce((s, r) => s + r.open, 0),
      breached: byPriority.reduce((s, r) => s + r.breached, 0),
      byPriority,
    };
  }

  test('the open tickets in scope by priority and how many breached a target; a fleet admin counts only theirs', async () => {
    const all = await send('SA', '/dashboard-data/tickets');
    expectContract('get', '/dashboard-data/tickets', all);
    expect(all.statusCode, all.body).toBe(200);
    const want = await expected();
    expect(all.json()).toEqual(want);
    expect(want.open).toBeGreaterThan(0);
    const closed = await server.database.db
      .selectFrom('tickets')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('status', 'not in', [1, 2, 4])
      .executeTakeFirstOrThrow();
    expect(closed.n).toBeGreaterThan(0);

    const scoped = await send('FA', '/dashboard-data/tickets');
    expectContract('get', '/dashboard-data/tickets', scoped);
    const mine = await expected(await fleetOf('fa@voltline.demo'));
    expect(scoped.json()).toEqual(mine);
    expect(mine.open).toBeLessThan(want.open);
  });

  test('403 without the panel key', async () => {
    // Every built-in role holds `t`: a fleet admin's role narrowed without it.
    const { t: _t, ...narrowed } = defaultPermissionsFor('FA');
    const roles = server.database.db.updateTable('roles').where('id', '=', 'FA');
    await roles.set({ permissions: JSON.stringify(narrowed) }).execute();
    try {
      const denied = await send('FA', '/dashboard-data/tickets');
      expectContract('get', '/dashboard-data/tickets', denied);
      expect(denied.statusCode).toBe(403);
    } finally {
      await roles.set({ permissions: null }).execute();
    }
    expect((await send('FA', '/dashboard-data/tickets')).statusCode).toBe(200);
  });
});

describe('panel data: firmware rollouts', () => {
  type Item = {
    id: string;
    status: string;
    completed: number;
    failed: number;
    deviceCount: number;
    progressPct: number;
  };

  test('running and paused rollouts in scope, paused first then newest, with progress over their devices', async () => {
    const db = server.database.db;
    const open = await db
      .selectFrom('firmware_rollouts')
      .select(['id', 'status', 'started_at', 'oem_id'])
      .where('status', 'in', ['running', 'paused'])
      .execute();
    expect(open.length).toBeGreaterThan(0);
    const response = await send('SA', '/dashboard-data/firmware-rollouts');
    expectContract('get', '/dashboard-data/firmware-rollouts', response);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { running: number; paused: number; items: Item[] };
    expect(body.running).toBe(open.filter((r) => r.status === 'running').length);
    expect(body.paused).toBe(open.filter((r) => r.status === 'paused').length);
    const order = [...open].sort(
      (a, b) =>
        Number(b.status === 'paused') - Number(a.status === 'paused') ||
        new Date(b.started_at).getTime() - new Date(a.started_at).getTime() ||
        (a.id < b.id ? -1 : 1),
    );
    expect(body.items.map((i) => i.id)).toEqual(order.slice(0, 8).map((r) => r.id));
    for (const item of body.items) {
      const done = await db.selectFrom('ota_updates').select(['phase']).where('rollout_id', '=', item.id).execute();
      expect(item.completed).toBe(done.filter((u) => u.phase === 'completed').length);
      expect(item.failed).toBe(done.filter((u) => u.phase === 'failed').length);
    }
  });

  test('an OEM sees only its own rollouts; 403 without the panel key', async () => {
    const oem = await server.database.db
      .selectFrom('users')
      .select('oem_id')
      .where('email', '=', 'oema@voltline.demo')
      .executeTakeFirstOrThrow();
    const response = await send('OEMA', '/dashboard-data/firmware-rollouts');
    expectContract('get', '/dashboard-data/firmware-rollouts', response);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { running: number; paused: number; items: Item[] };
    const theirs = await server.database.db
      .selectFrom('firmware_rollouts')
      .select('id')
      .where('status', 'in', ['running', 'paused'])
      .where('oem_id', '=', oem.oem_id as string)
      .execute();
    expect(body.running + body.paused).toBe(theirs.length);
    const ids = new Set(theirs.map((r) => r.id));
    for (const item of body.items) expect(ids.has(item.id)).toBe(true);

    const driver = await send('DR', '/dashboard-data/firmware-rollouts');
    expectContract('get', '/dashboard-data/firmware-rollouts', driver);
    expect(driver.statusCode).toBe(403);
  });
});

describe('panel data: my vehicles', () => {
  test("a driver's own vehicles by registration, each with its newest finished trip from the trips table", async () => {
    const driver = await server.database.db
      .selectFrom('users')
      .select('driver_id')
      .where('email', '=', 'dr@voltline.demo')
      .executeTakeFirstOrThrow();
    const response = await send('DR', '/dashboard-data/my-vehicles');
    expectContract('get', '/dashboard-data/my-vehicles', response);
    expect(response.statusCode, response.body).toBe(200);
    const { items } = response.json() as {
      items: { id: string; registrationNumber: string; lastTrip: { startedAt: string; distanceKm: number } | null }[];
    };
    const own = await server.database.db
      .selectFrom('vehicles')
      .select(['id', 'registration_number'])
      .where('driver_id', '=', driver.driver_id as string)
      .orderBy('registration_number')
      .execute();
    expect(own.length).toBeGreaterThan(0);
    expect(items.map((v) => v.id)).toEqual(own.slice(0, 20).map((v) => v.id));
    let withTrip = 0;
    for (const item of items) {
      const newest = await server.database.db
        .selectFrom('trips')
        .select(['started_at', 'distance_km'])
        .where('vehicle_id', '=', item.id)
        .where('ended_at', 'is not', null)
        .orderBy('started_at', 'desc')
        .executeTakeFirst();
      if (!newest) {
        expect(item.lastTrip).toBeNull();
        continue;
      }
      withTrip += 1;
      expect(item.lastTrip?.startedAt).toBe(new Date(newest.started_at).toISOString());
      expect(item.lastTrip?.distanceKm).toBe(Number(newest.distance_km));
    }
    expect(withTrip).toBeGreaterThan(0);
  });

  test('a fleet admin holds no my-vehicles key: 403', async () => {
    const denied = await send('FA', '/dashboard-data/my-vehicles');
    expectContract('get', '/dashboard-data/my-vehicles', denied);
    expect(denied.statusCode).toBe(403);
  });
});
