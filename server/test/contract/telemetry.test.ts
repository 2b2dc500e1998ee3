import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DEFAULT_REFERENCE_TIME } from '@/mocks/world/seeders/context';
import { telemetryColumns } from '../../src/db/repositories/telemetry-repository';
import { createWorld, DEFAULT_SEED, telemetryRunsOf } from '../../src/db/seed-source';
import { TEST_VEHICLES } from '../test-world';
import { expectContract } from '../contract-schema';
import { createTestServer, type TestServer } from '../helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server?.close());

type Series = { key: string; unit: string; points: [number, number][] };
type Cycle = { id: string; bmsId: string; index: number; status: number; startedAt: string; energyKwh: number };
type CyclePage = { items: Cycle[]; total: number; page: number; pageSize: number };
type CellHistory = {
  cycleId: string;
  cellCount: number;
  items: { t: number; voltages: number[]; temperatures: number[] }[];
};

const STEP = 15 * 60_000;
const NOW = DEFAULT_REFERENCE_TIME;
const iso = (ms: number) => new Date(ms).toISOString();
const db = () => server.database.db;

async function get(role: string, url: string) {
  return server.call({ method: 'GET', url, token: await server.tokenOf(role) });
}

/** A vehicle with a fitted BMS, in an EV owner's scope, and another vehicle outside that scope. */
async function vehicles() {
  const own = await db()
    .selectFrom('vehicles')
    .innerJoin('users', 'users.ev_owner_id', 'vehicles.ev_owner_id')
    .select(['vehicles.id', 'vehicles.model_id', 'vehicles.bms_id', 'vehicles.mcu_id', 'vehicles.vcu_id'])
    .where('users.role', '=', 'EVO')
    .where('vehicles.bms_id', 'is not', null)
    .orderBy('vehicles.id')
    .executeTakeFirstOrThrow();
  const evOwner = await db()
    .selectFrom('users')
    .select('ev_owner_id')
    .where('role', '=', 'EVO')
    .executeTakeFirstOrThrow();
  const other = await db()
    .selectFrom('vehicles')
    .select('id')
    .where((eb) => eb.or([eb('ev_owner_id', 'is', null), eb('ev_owner_id', '<>', evOwner.ev_owner_id as string)]))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  return { own, other };
}

/** The stored run of the seeded grid of a subject (the longest one). */
async function gridRun(subjectId: string) {
  const rows = await db().selectFrom('telemetry').selectAll().where('subject_id', '=', subjectId).execute();
  const run = rows.sort((a, b) => Object.values(b.values)[0]!.length - Object.values(a.values)[0]!.length)[0]!;
  return { at: new Date(run.at).getTime(), until: new Date(run.until).getTime(), values: run.values };
}

describe('vehicle and device telemetry', () => {
  test("a vehicle's stored samples, at `points` evenly spaced times; keys default to its models' templates", async () => {
    const { own } = await vehicles();
    const run = await gridRun(own.id);
    expect(run.until - run.at).toBeGreaterThanOrEqual(23 * 3_600_000);
    const points = (run.until - run.at) / STEP + 1;
    const url = `/api/vehicles/${own.id}/telemetry?from=${iso(run.at)}&to=${iso(run.until)}&points=${points}&keys=soc,speed`;
    const response = await get('SA', url);
    expectContract('get', '/vehicles/{id}/telemetry', response);
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items as Series[];
    expect(items.map((s) => s.key)).toEqual(['speed', 'soc']);
    for (const series of items) {
      // Every asked time is a stored sample's: the answer is the stored values, in order.
      expect(series.points.map((p) => p[0])).toEqual(run.values[series.key]!.map((_, i) => run.at + i * STEP));
      expect(series.points.map((p) => p[1])).toEqual(run.values[series.key]);
    }

    // Fewer points than samples: each is the latest sample at or before its time.
    const few = (
      await get('SA', `/api/vehicles/${own.id}/telemetry?from=${iso(run.at)}&to=${iso(run.until)}&points=5`)
    ).json().items as Series[];
    const soc = few.find((s) => s.key === 'soc')!;
    expect(soc.points).toHaveLength(5);
    for (const [t, v] of soc.points) expect(v).toBe(run.values.soc![Math.floor((t - run.at) / STEP)]);

    // Every key of the vehicle's model and its fitted BMS, MCU and VCU models', each once.
    const models = [own.model_id];
    for (const id of [own.bms_id, own.mcu_id, own.vcu_id]) {
      if (id)
        models.push(
          (await db().selectFrom('devices').select('model_id').where('id', '=', id).executeTakeFirstOrThrow())
            .model_id as string,
        );
    }
    const templates = await db()
      .selectFrom('models')
      .select(['id', 'telemetry_template'])
      .where('id', 'in', models)
      .execute();
    const expected = new Set(
      models.flatMap((m) =>
        ((templates.find((t) => t.id === m)?.telemetry_template ?? []) as { key: string }[]).map((k) => k.key),
      ),
    );
    expect(new Set(few.map((s) => s.key))).toEqual(expected);
  });

  test("the seeded window answers what the demo answers: the world generator's runs", async () => {
    const { own } = await vehicles();
    const world = createWorld({ seed: DEFAULT_SEED, size: TEST_VEHICLES, referenceTime: NOW });
    const vehicle = world.generate.vehicles().find((v) => v.id === own.id)!;
    const from = NOW - 6 * 3_600_000;
    const query = `from=${iso(from)}&to=${iso(NOW)}&points=200&keys=soc,odometer`;
    const served = (await get('SA', `/api/vehicles/${own.id}/telemetry?${query}`)).json().items as Series[];
    const model = world.generate.models().find((m) => m.id === vehicle.modelId)!;
    const template = (model.telemetryTemplate ?? []).filter((k) => k.key === 'soc' || k.key === 'odometer');
    expect(template).toHaveLength(2);
    // What the demo's store generates for the range (and 15 minutes before it, which still stands at `from`).
    const runs = telemetryRunsOf(DEFAULT_SEED, own.id, template, from - STEP, NOW, {
      vehicle,
      lastSeenAt: vehicle.lastSeenAt,
    });
    for (const series of served) {
      expect(series.points).toHaveLength(200);
      for (const [t, value] of series.points) {
        const samples = runs.flatMap((r) =>
          (r.values[series.key] ?? []).map((v, i) => [r.at + i * r.stepMs, v] as const),
        );
        const latest = samples.filter(([at]) => at <= t).sort((a, b) => b[0] - a[0])[0]!;
        expect(value, `${series.key} at ${iso(t)}`).toBe(latest[1]);
      }
    }
  });

  test('a range before the seeded window answers no points; a run ingestion appends is read', async () => {
    const { own } = await vehicles();
    const before = `from=${iso(NOW - 10 * 86_400_000)}&to=${iso(NOW - 9 * 86_400_000)}&keys=soc`;
    const empty = await get('SA', `/api/vehicles/${own.id}/telemetry?${before}`);
    expect(empty.statusCode).toBe(200);
    expect((empty.json().items as Series[])[0]!.points).toEqual([]);

    // A message after the window (what issue 35 will append): one sample, read by the same rule.
    const at = NOW + 3_600_000;
    await db()
      .insertInto('telemetry')
      .values(telemetryColumns(own.id, { at, stepMs: 1000, values: { soc: [42.5] } }))
      .execute();
    const later = await get(
      'SA',
      `/api/vehicles/${own.id}/telemetry?from=${iso(at - 60_000)}&to=${iso(at + 60_000)}&points=3&keys=soc`,
    );
    expect((later.json().items as Series[])[0]!.points).toEqual([
      [at, 42.5],
      [at + 60_000, 42.5],
    ]);
  });

  test("a device's telemetry has its model's keys; another kind than the caller's is 403", async () => {
    const { own } = await vehicles();
    const run = await gridRun(own.bms_id as string);
    const response = await get(
      'SA',
      `/api/devices/${own.bms_id}/telemetry?from=${iso(run.at)}&to=${iso(run.until)}&points=10`,
    );
    expectContract('get', '/devices/{id}/telemetry', response);
    expect(response.statusCode).toBe(200);
    const keys = (response.json().items as Series[]).map((s) => s.key);
    expect(keys).toEqual(Object.keys(run.values));
    const mcu = await get('MCUA', `/api/devices/${own.bms_id}/telemetry?from=${iso(run.at)}&to=${iso(run.until)}`);
    expectContract('get', '/devices/{id}/telemetry', mcu);
    expect(mcu.statusCode).toBe(403);
  });

  test('a bad range, resolution or key is 400', async () => {
    const { own } = await vehicles();
    const range = `from=${iso(NOW - 3_600_000)}&to=${iso(NOW)}`;
    for (const query of [
      `from=${iso(NOW)}&to=${iso(NOW - 3_600_000)}`,
      `${range}&points=1`,
      `${range}&points=2.5`,
      `${range}&keys=warp`,
      `to=${iso(NOW)}`,
      `from=yesterday&to=${iso(NOW)}`,
    ]) {
      const response = await get('SA', `/api/vehicles/${own.id}/telemetry?${query}`);
      expectContract('get', '/vehicles/{id}/telemetry', response);
      expect(response.statusCode, query).toBe(400);
    }
    const unknown = await get('SA', `/api/vehicles/${own.id}/telemetry?${range}&keys=soc,warp`);
    expect(unknown.json()).toMatchObject({ code: 'invalid_query', message: 'Unknown telemetry keys: warp.' });
  });

  test("without Vehicle Analysis it is 403; a vehicle or device outside the caller's scope is 404", async () => {
    const { own, other } = await vehicles();
    const range = `from=${iso(NOW - 3_600_000)}&to=${iso(NOW)}`;
    const driver = await get('DR', `/api/vehicles/${own.id}/telemetry?${range}`);
    expectContract('get', '/vehicles/{id}/telemetry', driver);
    expect(driver.statusCode).toBe(403);
    const mine = await get('EVO', `/api/vehicles/${own.id}/telemetry?${range}`);
    expect(mine.statusCode).toBe(200);
    const outside = await get('EVO', `/api/vehicles/${other.id}/telemetry?${range}`);
    expectContract('get', '/vehicles/{id}/telemetry', outside);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual((await get('EVO', `/api/vehicles/veh-nope/telemetry?${range}`)).json());
    const foreign = await db()
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'BMS')
      .where('oem_id', '<>', 'oem-01')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const device = await get('OEMA', `/api/devices/${foreign.id}/telemetry?${range}`);
    expectContract('get', '/devices/{id}/telemetry', device);
    expect(device.statusCode).toBe(404);
  });
});

describe('battery cycles and cells', () => {
  async function fittedBms() {
    const { own } = await vehicles();
    return own.bms_id as string;
  }

  test("a BMS's seeded cycles, newest first; filter, sort and range apply in SQL", async () => {
    const bms = await fittedBms();
    const response = await get('SA', `/api/devices/${bms}/cycles?pageSize=5`);
    expectContract('get', '/devices/{id}/cycles', response);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as CyclePage;
    const stored = await db()
      .selectFrom('battery_cycles')
      .select(['id', 'cycle_index', 'status', 'started_at'])
      .where('bms_id', '=', bms)
      .execute();
    expect(stored.length).toBeGreaterThan(5);
    expect(page).toMatchObject({ total: stored.length, page: 1, pageSize: 5 });
    const newest = [...stored].sort((a, b) => b.cycle_index - a.cycle_index).slice(0, 5);
    expect(page.items.map((c) => c.id)).toEqual(newest.map((c) => c.id));

    const status = stored[0]!.status;
    const filtered = (
      await get('SA', `/api/devices/${bms}/cycles?filter[status]=${status}&pageSize=1000`)
    ).json() as CyclePage;
    expect(filtered.total).toBe(stored.filter((c) => c.status === status).length);
    const byEnergy = (
      await get('SA', `/api/devices/${bms}/cycles?sort=energyKwh:asc&pageSize=1000`)
    ).json() as CyclePage;
    const energies = byEnergy.items.map((c) => c.energyKwh);
    expect(energies).toEqual([...energies].sort((a, b) => a - b));
    const from = iso(NOW - 3 * 86_400_000);
    const recent = (await get('SA', `/api/devices/${bms}/cycles?from=${from}&pageSize=1000`)).json() as CyclePage;
    expect(recent.total).toBe(stored.filter((c) => new Date(c.started_at).getTime() >= Date.parse(from)).length);
    expect(recent.total).toBeLessThan(stored.length);
  });

  test("the newest cycle's kept cell samples, at `points` evenly spaced times; an older cycle's are not kept", async () => {
    const bms = await fittedBms();
    const cellCount = (await db().selectFrom('devices').select('bms').where('id', '=', bms).executeTakeFirstOrThrow())
      .bms as { cellCount: number };
    const [newest, older] = ((await get('SA', `/api/devices/${bms}/cycles?pageSize=2`)).json() as CyclePage).items;
    const kept = (
      await db().selectFrom('battery_cycles').select('cells').where('id', '=', newest!.id).executeTakeFirstOrThrow()
    ).cells!;
    const response = await get('SA', `/api/devices/${bms}/cycles/${newest!.id}/cells`);
    expectContract('get', '/devices/{id}/cycles/{cycleId}/cells', response);
    expect(response.statusCode).toBe(200);
    const history = response.json() as CellHistory;
    expect(history).toMatchObject({ cycleId: newest!.id, cellCount: cellCount.cellCount });
    // The default 60 points are the 60 kept samples.
    expect(history.items).toEqual(kept);
    const thirty = (await get('SA', `/api/devices/${bms}/cycles/${newest!.id}/cells?points=30`)).json() as CellHistory;
    expect(thirty.items).toHaveLength(30);
    expect(thirty.items[0]).toEqual(kept[0]);
    for (const s of thirty.items) expect(s.voltages).toHaveLength(cellCount.cellCount);
    const old = await get('SA', `/api/devices/${bms}/cycles/${older!.id}/cells`);
    expect(old.statusCode).toBe(200);
    expect((old.json() as CellHistory).items).toEqual([]);
  });

  test('refusals: 400 on a bad list parameter or points, 403 without the key, 404 outside the scope or for another kind', async () => {
    const bms = await fittedBms();
    for (const query of ['filter[status]=9', 'sort=voltage:asc', 'pageSize=0']) {
      const response = await get('SA', `/api/devices/${bms}/cycles?${query}`);
      expectContract('get', '/devices/{id}/cycles', response);
      expect(response.statusCode, query).toBe(400);
    }
    const [cycle] = ((await get('SA', `/api/devices/${bms}/cycles?pageSize=1`)).json() as CyclePage).items;
    for (const points of [1, 2001]) {
      const response = await get('SA', `/api/devices/${bms}/cycles/${cycle!.id}/cells?points=${points}`);
      expectContract('get', '/devices/{id}/cycles/{cycleId}/cells', response);
      expect(response.statusCode).toBe(400);
    }
    const driver = await get('DR', `/api/devices/${bms}/cycles`);
    expectContract('get', '/devices/{id}/cycles', driver);
    expect(driver.statusCode).toBe(403);
    const mcu = await db()
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'MCU')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect((await get('SA', `/api/devices/${mcu.id}/cycles`)).statusCode).toBe(404);
    const foreign = await db()
      .selectFrom('devices')
      .select('id')
      .where('type', '=', 'BMS')
      .where('oem_id', '<>', 'oem-01')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const outside = await get('OEMA', `/api/devices/${foreign.id}/cycles`);
    expectContract('get', '/devices/{id}/cycles', outside);
    expect(outside.statusCode).toBe(404);
    const cells = await get('OEMA', `/api/devices/${foreign.id}/cycles/${cycle!.id}/cells`);
    expect(cells.statusCode).toBe(404);
    // A cycle of another BMS, asked through this one, is 404.
    const otherCycle = await db()
      .selectFrom('battery_cycles')
      .select('id')
      .where('bms_id', '<>', bms)
      .executeTakeFirstOrThrow();
    const mismatched = await get('SA', `/api/devices/${bms}/cycles/${otherCycle.id}/cells`);
    expectContract('get', '/devices/{id}/cycles/{cycleId}/cells', mismatched);
    expect(mismatched.statusCode).toBe(404);
  });
});
