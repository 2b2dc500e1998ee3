import { describe, expect, test } from 'vitest';
import { call, signIn } from '../test/api-test-client';
import { driveProfileOf, profileActivity, profileAt } from '../world/drive-profile';
import { getWorldDb } from '../world/world-instance';

// The test world's "now" is 2026-01-01T00:00Z; trip data reaches 60 days back.
const FROM = '2025-12-01T00:00:00.000Z';
const TO = '2026-01-01T00:00:00.000Z';

describe('permissions and scope', () => {
  test('401 without a token, 403 without the key', async () => {
    expect((await call('GET', '/analysis/compare?groupBy=vehicle&ids=veh-000001')).status).toBe(401);
    expect((await call('GET', '/analysis/carbon')).status).toBe(401);
    expect((await call('GET', '/analysis/subjects?groupBy=fleet')).status).toBe(401);
    const driver = await signIn('DR');
    expect((await call('GET', '/analysis/compare?groupBy=vehicle&ids=veh-000002', { token: driver })).status).toBe(403);
    expect((await call('GET', '/analysis/carbon', { token: driver })).status).toBe(403);
    // An EV owner has carbon emission but not analysis.
    const owner = await signIn('EVO');
    expect((await call('GET', '/analysis/compare?groupBy=vehicle&ids=veh-000001', { token: owner })).status).toBe(403);
    expect((await call('GET', '/analysis/carbon', { token: owner })).status).toBe(200);
  });

  test('a fleet admin picks and compares only its own fleet; another fleet is not found', async () => {
    const token = await signIn('FA');
    const subjects = await call('GET', '/analysis/subjects?groupBy=fleet', { token });
    expect(subjects.status).toBe(200);
    expect(subjects.body.items.map((s: { id: string }) => s.id)).toEqual(['flt-0001']);
    expect(subjects.body).toMatchObject({ dataFrom: '2025-11-02T00:00:00.000Z', dataTo: TO });
    const other = await call('GET', '/analysis/compare?groupBy=fleet&ids=flt-0002', { token });
    expect(other.status).toBe(400);
    expect(other.body.fieldErrors.ids).toBe('Not found in your scope: flt-0002.');
    const carbon = await call('GET', '/analysis/carbon', { token });
    expect(carbon.body.byFleet.map((f: { fleetId: string }) => f.fleetId)).toEqual(['flt-0001']);
    expect((await call('GET', '/analysis/carbon?fleetId=flt-0002', { token })).status).toBe(404);
  });

  test('an EV owner sees only its own vehicles in the carbon report', async () => {
    const token = await signIn('EVO');
    const carbon = await call('GET', '/analysis/carbon', { token });
    const admin = await call('GET', '/analysis/carbon', { token: await signIn('SA') });
    expect(carbon.body.total.vehicleCount).toBeGreaterThan(0);
    expect(carbon.body.total.vehicleCount).toBeLessThan(admin.body.total.vehicleCount);
    expect(carbon.body.byVehicle.map((v: { vehicleId: string }) => v.vehicleId)).toContain('veh-000001');
  });
});

describe('validation', () => {
  test('a range that ends before it starts, or leaves the data window, is a field error', async () => {
    const token = await signIn('SA');
    const backwards = await call('GET', `/analysis/compare?groupBy=vehicle&ids=veh-000001&from=${TO}&to=${FROM}`, {
      token,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.fieldErrors).toEqual({ to: 'The end of the range is before its start.' });
    const tooEarly = await call('GET', `/analysis/carbon?from=2025-06-01T00:00:00Z&to=${TO}`, { token });
    expect(tooEarly.body.fieldErrors).toEqual({
      from: 'Data starts on 2025-11-02 (the last 60 days); pick a later start.',
    });
    const tooLate = await call('GET', `/analysis/carbon?from=${FROM}&to=2026-03-01T00:00:00Z`, { token });
    expect(tooLate.body.fieldErrors).toEqual({ to: 'Data ends on 2026-01-01; pick an earlier end.' });
  });

  test('no subjects, more than 12, or an unknown grouping are field errors', async () => {
    const token = await signIn('SA');
    expect((await call('GET', '/analysis/compare?groupBy=vehicle&ids=', { token })).body.fieldErrors).toEqual({
      ids: 'Pick at least one to compare.',
    });
    const thirteen = Array.from({ length: 13 }, (_, i) => `veh-${String(i + 1).padStart(6, '0')}`).join(',');
    expect(
      (await call('GET', `/analysis/compare?groupBy=vehicle&ids=${thirteen}`, { token })).body.fieldErrors,
    ).toEqual({ ids: 'Compare at most 12 at once.' });
    expect((await call('GET', '/analysis/subjects?groupBy=oem', { token })).body.fieldErrors).toEqual({
      groupBy: 'Compare vehicles, models or fleets.',
    });
  });

  test('a baseline of 0 or below, a grid intensity out of range and a malformed region are field errors', async () => {
    const token = await signIn('SA');
    const answer = await call('GET', '/analysis/carbon?baseline2w=0&baseline3w=-4&gridIntensity=711.7&regions=Pune', {
      token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toEqual({
      baseline2w: 'A 2 Wheeler baseline must be more than 0.',
      baseline3w: 'A 3 Wheeler baseline must be more than 0.',
      gridIntensity: 'A grid intensity must be at most 2.',
      regions: 'Write regions as City:intensity, separated by commas (e.g. Pune:0.65).',
    });
    expect((await call('GET', '/analysis/carbon?chargingLossPct=abc', { token })).body.fieldErrors).toEqual({
      chargingLossPct: 'Enter a number.',
    });
  });
});

describe('figures', () => {
  test("a vehicle's distance and energy are those of its trips in the range, and its CO2 follows the method", async () => {
    const token = await signIn('SA');
    const trips = await call('GET', `/vehicles/veh-000002/trips?from=${FROM}&to=${TO}&pageSize=1000`, { token });
    const distance = trips.body.items.reduce((s: number, t: { distanceKm: number }) => s + t.distanceKm, 0);
    const energy = trips.body.items.reduce((s: number, t: { energyKwh: number }) => s + t.energyKwh, 0);
    expect(distance).toBeGreaterThan(0);

    const compare = await call('GET', `/analysis/compare?groupBy=vehicle&ids=veh-000002&from=${FROM}&to=${TO}`, {
      token,
    });
    expect(compare.status).toBe(200);
    const [row] = compare.body.subjects;
    expect(row.tripCount).toBe(trips.body.items.length);
    // The comparison sums the activity roll-up (the drive profile's driving, decision 0114); each trip rounds its
    // distance to 0.1 km and its energy to 0.01 kWh.
    const n = trips.body.items.length;
    expect(Math.abs(row.distanceKm - distance)).toBeLessThanOrEqual(0.05 * n + 0.05);
    expect(Math.abs(row.energyKwh - energy)).toBeLessThanOrEqual(0.005 * n + 0.005);
    expect(row.energyWhPerKm).toBeCloseTo((energy * 1000) / distance, 0);
    // The UTC days that start before the range's end, each counted whole.
    expect(row.daily).toHaveLength(31);
    expect(row.daily.reduce((s: number, d: { distanceKm: number }) => s + d.distanceKm, 0)).toBeCloseTo(distance, 0);

    // The carbon report, like the dashboard's activity and CO2 panels, counts the driving of the vehicle's drive
    // profile (issue 37 item 7): in service and reporting, in the range.
    const db = await getWorldDb();
    const row2 = db.tables.vehicles.get('veh-000002')!;
    const days = profileActivity(
      driveProfileOf(db.world.seed, row2),
      Math.max(Date.parse(FROM), row2.createdAt),
      Math.min(Date.parse(TO), row2.lastSeenAt),
    ).values();
    let profileKm = 0;
    let profileKwh = 0;
    for (const d of days) {
      profileKm += d.distanceKm;
      profileKwh += d.energyKwh;
    }
    expect(profileKm).toBeGreaterThan(0);
    // The trips are the profile's runs of driving: the same km, give or take each trip's rounding to 0.1 km.
    expect(Math.abs(distance - profileKm)).toBeLessThanOrEqual(0.05 * trips.body.items.length + 1e-6);
    expect(Math.abs(energy - profileKwh)).toBeLessThanOrEqual(0.005 * trips.body.items.length + 1e-6);
    // veh-000002 is a fleet vehicle; with a regional factor of 0.5 for its fleet's city and 5 % losses:
    const vehicle = (await call('GET', '/vehicles/veh-000002', { token })).body;
    const fleets = (await call('GET', '/fleets?pageSize=1000', { token })).body.items;
    const fleet = fleets.find((f: { id: string }) => f.id === vehicle.fleetId);
    const baseline = vehicle.vehicleType === '2 Wheeler' ? 60 : 120;
    const carbon = await call(
      'GET',
      `/analysis/carbon?from=${FROM}&to=${TO}&baseline2w=60&baseline3w=120&chargingLossPct=5&regions=${encodeURIComponent(`${fleet.city}:0.5`)}`,
      { token },
    );
    expect(carbon.status).toBe(200);
    const mine = carbon.body.byVehicle.find((v: { vehicleId: string }) => v.vehicleId === 'veh-000002');
    const expectedLocation = profileKwh * 1.05 * 0.5;
    const expectedBaseline = (profileKm * baseline) / 1000;
    expect(mine).toMatchObject({ region: fleet.city, gridIntensity: 0.5 });
    expect(mine.locationKg).toBeCloseTo(expectedLocation, 6);
    expect(mine.baselineKg).toBeCloseTo(expectedBaseline, 6);
    expect(mine.avoidedLocationKg).toBeCloseTo(expectedBaseline - expectedLocation, 6);
    expect(carbon.body.settings.baselines[0]).toEqual({
      vehicleType: '2 Wheeler',
      gPerKm: 60,
      source: 'Entered by you',
    });
  });

  test('the demo fleet has a supply contract: its market-based figure uses the contract, others the grid', async () => {
    const token = await signIn('SA');
    const carbon = await call('GET', '/analysis/carbon', { token });
    const demoFleet = carbon.body.byFleet.find((f: { fleetId: string }) => f.fleetId === 'flt-0001');
    expect(demoFleet.contract).not.toBeNull();
    expect(demoFleet.marketKg).toBeCloseTo(demoFleet.gridEnergyKwh * demoFleet.contract.intensity, 6);
    const noContract = carbon.body.byFleet.find((f: { contract: unknown; fleetId: string | null }) => !f.contract);
    expect(noContract.marketKg).toBeCloseTo(noContract.locationKg, 6);
    // The totals are the sum of the fleets and of the vehicle types.
    const sum = (rows: { avoidedLocationKg: number }[]) => rows.reduce((s, r) => s + r.avoidedLocationKg, 0);
    expect(sum(carbon.body.byFleet)).toBeCloseTo(carbon.body.total.avoidedLocationKg, 6);
    expect(sum(carbon.body.byVehicleType)).toBeCloseTo(carbon.body.total.avoidedLocationKg, 6);
    expect(carbon.body.byVehicleType.map((t: { vehicleType: string }) => t.vehicleType)).toEqual([
      '2 Wheeler',
      '3 Wheeler',
    ]);
    expect(carbon.body.settings).toMatchObject({ gridIntensity: 0.7117, chargingLossPct: 10 });
  });
});

describe('the opening comparison (issue 37 item 6)', () => {
  test('without ids, `top` compares the subjects in scope that drove the farthest in the range, farthest first', async () => {
    const token = await signIn('SA');
    const res = await call('GET', `/analysis/compare?groupBy=vehicle&top=5&from=${FROM}&to=${TO}`, { token });
    expect(res.status).toBe(200);
    const picked = res.body.subjects as { id: string; distanceKm: number }[];
    expect(picked).toHaveLength(5);
    const distances = picked.map((s) => s.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => b - a));
    // No other vehicle drove farther than the fifth: compare every vehicle of the fleet, 12 at a time.
    const all: string[] = [];
    for (let page = 1; ; page += 1) {
      const list = await call('GET', `/vehicles?pageSize=100&page=${page}`, { token });
      all.push(...list.body.items.map((v: { id: string }) => v.id));
      if (all.length >= list.body.total) break;
    }
    let best = 0;
    for (let i = 0; i < all.length; i += 12) {
      const ids = all.slice(i, i + 12).filter((id) => !picked.some((p) => p.id === id));
      if (ids.length === 0) continue;
      const chunk = await call('GET', `/analysis/compare?groupBy=vehicle&ids=${ids}&from=${FROM}&to=${TO}`, { token });
      for (const s of chunk.body.subjects) best = Math.max(best, s.distanceKm);
    }
    expect(distances.at(-1)).toBeGreaterThanOrEqual(best);
    expect(distances[0]).toBeGreaterThan(0);
  });

  test('a fleet admin gets its own vehicles; models and fleets rank the same way; `top` out of range is a field error', async () => {
    const fa = await signIn('FA');
    const mine = await call('GET', '/analysis/compare?groupBy=vehicle&top=5', { token: fa });
    expect(mine.status).toBe(200);
    expect(mine.body.subjects.length).toBeGreaterThan(0);
    const subjects = await call('GET', '/analysis/subjects?groupBy=vehicle', { token: fa });
    const inScope = new Set(subjects.body.items.map((s: { id: string }) => s.id));
    for (const s of mine.body.subjects) expect(inScope.has(s.id)).toBe(true);

    const sa = await signIn('SA');
    const models = await call('GET', '/analysis/compare?groupBy=model&top=3', { token: sa });
    expect(models.body.subjects.length).toBeGreaterThan(0);
    const km = models.body.subjects.map((s: { distanceKm: number }) => s.distanceKm);
    expect(km).toEqual([...km].sort((a, b) => b - a));

    expect((await call('GET', '/analysis/compare?groupBy=vehicle&top=13', { token: sa })).body.fieldErrors).toEqual({
      top: 'Compare from 1 to 12 at once.',
    });
    // Given ids win over `top`.
    const given = await call('GET', '/analysis/compare?groupBy=vehicle&ids=veh-000002&top=5', { token: sa });
    expect(given.body.subjects.map((s: { id: string }) => s.id)).toEqual(['veh-000002']);
  });
});

test("a vehicle's utilisation is its driving over the hours it was in service and reporting, as the dashboard's", async () => {
  const token = await signIn('SA');
  const db = await getWorldDb();
  // An offline vehicle (its history stops when it was last seen) and an online one.
  const offline = db.tables.vehicles.all().find((v) => !v.isLive && v.lastSeenAt < Date.parse(TO) - 4 * 86_400_000)!;
  const online = db.tables.vehicles.all().find((v) => v.isLive)!;
  for (const v of [offline, online]) {
    const res = await call('GET', `/analysis/compare?groupBy=vehicle&ids=${v.id}&from=${FROM}&to=${TO}`, { token });
    const [row] = res.body.subjects;
    const profile = driveProfileOf(db.world.seed, v);
    const STEP = 5 * 60_000;
    let driving = 0;
    let samples = 0;
    for (let t = Math.max(Date.parse(FROM), v.createdAt); t < Math.min(Date.parse(TO), v.lastSeenAt); t += STEP) {
      samples += 1;
      if (profileAt(profile, t + STEP / 2).driving) driving += 1;
    }
    expect(Math.abs(row.utilisationPct - (driving / samples) * 100), v.id).toBeLessThanOrEqual(1);
    expect(row.utilisationPct, v.id).toBeGreaterThan(10);
  }
});
