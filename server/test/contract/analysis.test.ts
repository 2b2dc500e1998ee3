import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

const FROM = '2025-12-01T00:00:00.000Z';
const TO = '2026-01-01T00:00:00.000Z';

async function send(role: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return server.call({ method, url: `/api${url}`, token: await server.tokenOf(role), ...(payload ? { payload } : {}) });
}

const fleetOf = async (email: string) =>
  (await server.database.db.selectFrom('users').select('fleet_id').where('email', '=', email).executeTakeFirstOrThrow())
    .fleet_id as string;

type Subject = { id: string; vehicleCount: number; tripCount: number; distanceKm: number; daily: unknown[] };

describe('subjects', () => {
  test("the caller's fleets, models or vehicles, by name, with the window the roll-up holds", async () => {
    const fleetId = await fleetOf('fa@voltline.demo');
    const mine = await send('FA', 'GET', '/analysis/subjects?groupBy=fleet');
    expectContract('get', '/analysis/subjects', mine);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({
      items: [{ id: fleetId }],
      dataFrom: '2025-11-02T00:00:00.000Z',
      dataTo: '2026-01-01T00:00:00.000Z',
    });
    const all = await send('SA', 'GET', '/analysis/subjects?groupBy=fleet');
    const names = (all.json() as { items: { name: string }[] }).items.map((i) => i.name);
    expect(names.length).toBeGreaterThan(1);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    const vehicle = await server.database.db
      .selectFrom('vehicles')
      .select(['id', 'registration_number', 'vin'])
      .where('fleet_id', '=', fleetId)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const found = await send('FA', 'GET', `/analysis/subjects?groupBy=vehicle&q=${vehicle.vin}`);
    expectContract('get', '/analysis/subjects', found);
    expect((found.json() as { items: { id: string; name: string }[] }).items).toMatchObject([
      { id: vehicle.id, name: vehicle.registration_number },
    ]);
  });

  test('403 without `a` or `ce`; 400 for an unknown grouping', async () => {
    const driver = await send('DR', 'GET', '/analysis/subjects?groupBy=fleet');
    expectContract('get', '/analysis/subjects', driver);
    expect(driver.statusCode).toBe(403);
    const bad = await send('SA', 'GET', '/analysis/subjects?groupBy=colour');
    expectContract('get', '/analysis/subjects', bad);
    expect(bad.statusCode).toBe(400);
  });
});

describe('compare', () => {
  test("a vehicle's figures are its roll-up's sums over the days of the range; `top` picks the farthest", async () => {
    const compare = await send('SA', 'GET', `/analysis/compare?groupBy=vehicle&ids=veh-000002&from=${FROM}&to=${TO}`);
    expectContract('get', '/analysis/compare', compare);
    expect(compare.statusCode, compare.body).toBe(200);
    const [row] = (compare.json() as { subjects: Subject[] }).subjects;
    const { rows } = await sql<{ km: number; trips: number }>`
      SELECT sum(distance_km)::float8 AS km, sum(trips)::int AS trips FROM vehicle_activity_days
      WHERE vehicle_id = 'veh-000002' AND day >= '2025-12-01' AND day < '2026-01-01'`.execute(server.database.db);
    expect(rows[0]?.km).toBeGreaterThan(0);
    expect(row).toMatchObject({ id: 'veh-000002', vehicleCount: 1, tripCount: rows[0]?.trips });
    expect(row?.distanceKm).toBeCloseTo(rows[0]?.km ?? -1, 1);
    expect(row?.daily).toHaveLength(31);

    const top = await send('FA', 'GET', `/analysis/compare?groupBy=vehicle&top=3&from=${FROM}&to=${TO}`);
    expectContract('get', '/analysis/compare', top);
    const subjects = (top.json() as { subjects: Subject[] }).subjects;
    const { rows: farthest } = await sql<{ id: string }>`
      SELECT d.vehicle_id AS id FROM vehicle_activity_days d JOIN vehicles v ON v.id = d.vehicle_id
      WHERE v.fleet_id = ${await fleetOf('fa@voltline.demo')} AND d.day >= '2025-12-01' AND d.day < '2026-01-01'
      GROUP BY d.vehicle_id HAVING sum(d.distance_km) > 0 ORDER BY sum(d.distance_km) DESC, d.vehicle_id LIMIT 3`.execute(
      server.database.db,
    );
    expect(subjects.map((s) => s.id)).toEqual(farthest.map((r) => r.id));
  });

  test("403 without `a`; another scope's subject, a backwards range or one outside the window is a 400", async () => {
    const evOwner = await send('EVO', 'GET', '/analysis/compare?groupBy=fleet&top=3');
    expectContract('get', '/analysis/compare', evOwner);
    expect(evOwner.statusCode).toBe(403);
    const other = await server.database.db
      .selectFrom('fleets')
      .select('id')
      .where('id', '!=', await fleetOf('fa@voltline.demo'))
      .executeTakeFirstOrThrow();
    const outside = await send('FA', 'GET', `/analysis/compare?groupBy=fleet&ids=${other.id}`);
    expectContract('get', '/analysis/compare', outside);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().fieldErrors.ids).toBe(`Not found in your scope: ${other.id}.`);
    const backwards = await send('SA', 'GET', `/analysis/compare?groupBy=fleet&top=3&from=${TO}&to=${FROM}`);
    expectContract('get', '/analysis/compare', backwards);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fieldErrors.to).toBe('The end of the range is before its start.');
    const early = await send('SA', 'GET', '/analysis/compare?groupBy=fleet&top=3&from=2025-06-01T00:00:00Z');
    expect(early.statusCode).toBe(400);
    expect(early.json().fieldErrors.from).toBe('Data starts on 2025-11-02 (the last 60 days); pick a later start.');
  });
});

describe('exports', () => {
  test('an export is one audit entry, Analysis Data / Export; 403 without the page key with Export; 400 for a bad body', async () => {
    const body = { kind: 'compare', format: 'csv', from: FROM, to: TO, rows: 12, subject: 'Distance: 3 fleets' };
    const recorded = await send('FA', 'POST', '/analysis/exports', body);
    expectContract('post', '/analysis/exports', recorded);
    expect(recorded.statusCode, recorded.body).toBe(201);
    expect(recorded.json()).toMatchObject({
      entity: 'Analysis Data',
      entityId: 'analysis-compare',
      action: 'Export',
      summary: 'Exported the analysis comparison as a CSV of 12 rows, 2025-12-01 to 2026-01-01: Distance: 3 fleets',
    });
    const stored = await server.database.db
      .selectFrom('audit')
      .select('summary')
      .where('id', '=', recorded.json().id)
      .executeTakeFirst();
    expect(stored?.summary).toBe(recorded.json().summary);
    const evOwner = await send('EVO', 'POST', '/analysis/exports', body);
    expectContract('post', '/analysis/exports', evOwner);
    expect(evOwner.statusCode).toBe(403);
    const carbon = await send('EVO', 'POST', '/analysis/exports', { ...body, kind: 'carbon', format: 'png', rows: 0 });
    expect(carbon.statusCode, carbon.body).toBe(201);
    const bad = await send('SA', 'POST', '/analysis/exports', { ...body, rows: -1 });
    expectContract('post', '/analysis/exports', bad);
    expect(bad.statusCode).toBe(400);
  });
});

describe('carbon report', () => {
  type Figures = { vehicleCount: number; distanceKm: number; energyChargedKwh: number; avoidedLocationKg: number };
  type Report = {
    total: Figures;
    byFleet: (Figures & { fleetId: string | null; contract: unknown })[];
    byVehicle: (Figures & { vehicleId: string })[];
    vehiclesShown: number;
    settings: { gridIntensity: number; regions: unknown[] };
  };

  test("each km against its type's baseline, each kWh with losses at the grid's intensity, over the caller's vehicles", async () => {
    const fleetId = await fleetOf('fa@voltline.demo');
    const factors = 'gridIntensity=0.5&chargingLossPct=20&baseline2w=60&baseline3w=120&regions=';
    const answer = await send('FA', 'GET', `/analysis/carbon?from=${FROM}&to=${TO}&${factors}`);
    expectContract('get', '/analysis/carbon', answer);
    expect(answer.statusCode, answer.body).toBe(200);
    const report = answer.json() as Report;
    const { rows } = await sql<{ type: string; km: number; kwh: number; vehicles: number }>`
      SELECT v.vehicle_type AS type, coalesce(sum(d.distance_km), 0)::float8 AS km,
             coalesce(sum(d.energy_kwh), 0)::float8 AS kwh, count(DISTINCT v.id)::int AS vehicles
      FROM vehicles v LEFT JOIN vehicle_activity_days d
        ON d.vehicle_id = v.id AND d.day >= '2025-12-01' AND d.day < '2026-01-01'
      WHERE v.fleet_id = ${fleetId} GROUP BY v.vehicle_type`.execute(server.database.db);
    const km = rows.reduce((s, r) => s + r.km, 0);
    const kwh = rows.reduce((s, r) => s + r.kwh, 0);
    expect(km).toBeGreaterThan(0);
    expect(report.total.vehicleCount).toBe(rows.reduce((s, r) => s + r.vehicles, 0));
    expect(report.total.distanceKm).toBeCloseTo(km, 3);
    const baselineKg = rows.reduce((s, r) => s + (r.km * (r.type === '2 Wheeler' ? 60 : 120)) / 1000, 0);
    expect(report.total.avoidedLocationKg).toBeCloseTo(baselineKg - kwh * 1.2 * 0.5, 3);
    expect(report.byFleet.map((f) => f.fleetId)).toEqual([fleetId]);
    expect(report.vehiclesShown).toBe(report.byVehicle.length);
    const avoided = report.byVehicle.map((v) => v.avoidedLocationKg);
    expect(avoided).toEqual([...avoided].sort((a, b) => b - a));

    const all = await send('SA', 'GET', `/analysis/carbon?from=${FROM}&to=${TO}`);
    expectContract('get', '/analysis/carbon', all);
    expect((all.json() as Report).total.vehicleCount).toBeGreaterThan(report.total.vehicleCount);
  });

  test("403 without `ce`; 404 for a fleet outside the caller's scope; 400 for a factor of 0", async () => {
    const driver = await send('DR', 'GET', '/analysis/carbon');
    expectContract('get', '/analysis/carbon', driver);
    expect(driver.statusCode).toBe(403);
    const other = await server.database.db
      .selectFrom('fleets')
      .select('id')
      .where('id', '!=', await fleetOf('fa@voltline.demo'))
      .executeTakeFirstOrThrow();
    const outside = await send('FA', 'GET', `/analysis/carbon?fleetId=${other.id}`);
    expectContract('get', '/analysis/carbon', outside);
    expect(outside.statusCode).toBe(404);
    const mine = await send('SA', 'GET', `/analysis/carbon?fleetId=${other.id}`);
    expect(mine.statusCode).toBe(200);
    const zero = await send('SA', 'GET', '/analysis/carbon?baseline2w=0');
    expectContract('get', '/analysis/carbon', zero);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fieldErrors.baseline2w).toBeDefined();
  });
});
