import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_REFERENCE_TIME } from '@/mocks/world/seeders/context';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const DAY = 86_400_000;
/** The last `days` UTC days of the seeded window (the world's "now" is a midnight in the tests). */
const range = (days: number) => {
  const from = new Date(DEFAULT_REFERENCE_TIME - days * DAY);
  const to = new Date(DEFAULT_REFERENCE_TIME);
  return { from, to, query: `from=${from.toISOString()}&to=${to.toISOString()}` };
};

async function send(role: string, url: string) {
  return server.call({ method: 'GET', url: `/api${url}`, token: await server.tokenOf(role) });
}

const fleetOf = async (email: string) =>
  (await server.database.db.selectFrom('users').select('fleet_id').where('email', '=', email).executeTakeFirstOrThrow())
    .fleet_id as string;

/** The roll-up's own sums per day over the range, of one fleet's vehicles or all. */
async function rollUp(from: Date, to: Date, fleetId?: string) {
  let q = server.database.db
    .selectFrom('vehicle_activity_days as d')
    .innerJoin('vehicles', 'vehicles.id', 'd.vehicle_id')
    .select([
      sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('date'),
      sql<number>`sum(d.distance_km)::float8`.as('km'),
      sql<number>`sum(d.energy_kwh)::float8`.as('kwh'),
      sql<number>`sum(d.driving_hours)::float8`.as('hours'),
      sql<number>`sum(d.reporting_hours)::float8`.as('reporting'),
      sql<number>`sum(d.charge_sessions)::int`.as('sessions'),
      sql<number>`sum(d.charged_kwh)::float8`.as('charged'),
    ])
    .where('d.day', '>=', from.toISOString().slice(0, 10))
    .where('d.day', '<', to.toISOString().slice(0, 10))
    .groupBy('d.day')
    .orderBy('d.day');
  if (fleetId) q = q.where('vehicles.fleet_id', '=', fleetId);
  return q.execute();
}

describe('the seeded roll-up', () => {
  test('holds every vehicle in service for each UTC day of the 60 before the world\'s "now", none after', async () => {
    const { rows } = await sql<{ first: string; last: string; vehicles: number; km: number }>`
      SELECT to_char(min(day), 'YYYY-MM-DD') AS first, to_char(max(day), 'YYYY-MM-DD') AS last,
             count(DISTINCT vehicle_id)::int AS vehicles, sum(distance_km)::float8 AS km
      FROM vehicle_activity_days`.execute(server.database.db);
    expect(rows[0]).toMatchObject({ first: '2025-11-02', last: '2025-12-31' });
    expect(rows[0]?.vehicles).toBeGreaterThan(100);
    expect(rows[0]?.km).toBeGreaterThan(0);
  });
});

describe('panel data: activity', () => {
  type Activity = {
    vehicles: number;
    sampledVehicles: number | null;
    utilisationPct: number;
    days: { date: string; distanceKm: number; energyKwh: number; drivingHours: number; trips: number }[];
  };

  test("each day's driving of the vehicles in scope, and the utilisation over the hours they reported", async () => {
    const { from, to, query } = range(7);
    const all = await send('SA', `/dashboard-data/activity?${query}`);
    expectContract('get', '/dashboard-data/activity', all);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as Activity;
    const rows = await rollUp(from, to);
    expect(body.days.map((d) => d.date)).toEqual(rows.map((r) => r.date));
    expect(body.days).toHaveLength(7);
    for (const [i, d] of body.days.entries()) expect(d.distanceKm).toBeCloseTo(rows[i]?.km ?? -1, 0);
    expect(body.sampledVehicles).toBeNull();
    const hours = body.days.reduce((s, d) => s + d.drivingHours, 0);
    const reporting = rows.reduce((s, r) => s + r.reporting, 0);
    expect(body.utilisationPct).toBeCloseTo((hours / reporting) * 100, 1);

    const fleetId = await fleetOf('fa@voltline.demo');
    const scoped = await send('FA', `/dashboard-data/activity?${query}`);
    expectContract('get', '/dashboard-data/activity', scoped);
    const mine = await rollUp(from, to, fleetId);
    const km = (scoped.json() as Activity).days.reduce((s, d) => s + d.distanceKm, 0);
    expect(km).toBeCloseTo(
      mine.reduce((s, r) => s + r.km, 0),
      -1,
    );
    expect(km).toBeLessThan(body.days.reduce((s, d) => s + d.distanceKm, 0));
    const { n } = await server.database.db
      .selectFrom('vehicles')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('fleet_id', '=', fleetId)
      .executeTakeFirstOrThrow();
    expect((scoped.json() as Activity).vehicles).toBe(n);
  });

  test('403 without `a`; 400 for a range that ends before it starts', async () => {
    const { from, to, query } = range(7);
    const evOwner = await send('EVO', `/dashboard-data/activity?${query}`);
    expectContract('get', '/dashboard-data/activity', evOwner);
    expect(evOwner.statusCode).toBe(403);
    const backwards = await send('SA', `/dashboard-data/activity?from=${to.toISOString()}&to=${from.toISOString()}`);
    expectContract('get', '/dashboard-data/activity', backwards);
    expect(backwards.statusCode).toBe(400);
  });
});

describe('panel data: charging', () => {
  type Charging = {
    sessions: number;
    energyKwh: number;
    days: { date: string; sessions: number; energyKwh: number }[];
  };

  test('the charging sessions and the energy charged per day of the vehicles in scope', async () => {
    const { from, to, query } = range(14);
    const all = await send('SA', `/dashboard-data/charging?${query}`);
    expectContract('get', '/dashboard-data/charging', all);
    expect(all.statusCode, all.body).toBe(200);
    const body = all.json() as Charging;
    const rows = await rollUp(from, to);
    expect(body.days.map((d) => [d.date, d.sessions])).toEqual(rows.map((r) => [r.date, r.sessions]));
    expect(body.energyKwh).toBeCloseTo(
      rows.reduce((s, r) => s + r.charged, 0),
      0,
    );
    expect(body.sessions).toBeGreaterThan(0);
    const scoped = await send('FA', `/dashboard-data/charging?${query}`);
    expectContract('get', '/dashboard-data/charging', scoped);
    const mine = await rollUp(from, to, await fleetOf('fa@voltline.demo'));
    expect((scoped.json() as Charging).sessions).toBe(mine.reduce((s, r) => s + r.sessions, 0));
  });

  test('403 without `vh.l` or `BMS.l`; 400 for a range too long', async () => {
    const { query } = range(7);
    const driver = await send('DR', `/dashboard-data/charging?${query}`);
    expectContract('get', '/dashboard-data/charging', driver);
    expect(driver.statusCode).toBe(403);
    const long = range(90);
    const tooLong = await send('SA', `/dashboard-data/charging?${long.query}`);
    expectContract('get', '/dashboard-data/charging', tooLong);
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('panel data: CO2', () => {
  type Co2 = {
    distanceKm: number;
    energyKwh: number;
    gridKgPerKwh: number;
    chargingLossPct: number;
    baselineGPerKm: number;
    avoidedKg: number;
    sampledVehicles: number | null;
  };

  test("CO2 avoided: each type's baseline per km minus each kWh with losses at the grid's intensity; saved settings move it", async () => {
    const { from, to, query } = range(14);
    const fleetId = await fleetOf('fa@voltline.demo');
    const byType = await server.database.db
      .selectFrom('vehicle_activity_days as d')
      .innerJoin('vehicles', 'vehicles.id', 'd.vehicle_id')
      .select([
        'vehicles.vehicle_type as type',
        sql<number>`sum(d.distance_km)::float8`.as('km'),
        sql<number>`sum(d.energy_kwh)::float8`.as('kwh'),
      ])
      .where('vehicles.fleet_id', '=', fleetId)
      .where('d.day', '>=', from.toISOString().slice(0, 10))
      .where('d.day', '<', to.toISOString().slice(0, 10))
      .groupBy('vehicles.vehicle_type')
      .execute();
    const km = byType.reduce((s, r) => s + r.km, 0);
    const kwh = byType.reduce((s, r) => s + r.kwh, 0);
    expect(km).toBeGreaterThan(0);

    const token = await server.tokenOf('FA');
    const saved = await server.call({
      method: 'PUT',
      url: '/api/analysis/carbon-settings',
      token,
      payload: { gridIntensity: 0.5, chargingLossPct: 20, baseline2w: 60, baseline3w: 120 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const answer = await send('FA', `/dashboard-data/co2?${query}`);
    expectContract('get', '/dashboard-data/co2', answer);
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json() as Co2;
    expect(body).toMatchObject({ gridKgPerKwh: 0.5, chargingLossPct: 20, sampledVehicles: null });
    expect(body.distanceKm).toBeCloseTo(km, 0);
    expect(body.energyKwh).toBeCloseTo(kwh, 1);
    const baselineKg = byType.reduce((s, r) => s + (r.km * (r.type === '2 Wheeler' ? 60 : 120)) / 1000, 0);
    expect(body.avoidedKg).toBeCloseTo(baselineKg - kwh * 1.2 * 0.5, 0);
  });

  test('403 without `ce`; 400 for a range that is not ISO 8601', async () => {
    const { query } = range(7);
    const driver = await send('DR', `/dashboard-data/co2?${query}`);
    expectContract('get', '/dashboard-data/co2', driver);
    expect(driver.statusCode).toBe(403);
    const bad = await send('SA', '/dashboard-data/co2?from=yesterday&to=today');
    expectContract('get', '/dashboard-data/co2', bad);
    expect(bad.statusCode).toBe(400);
  });
});
