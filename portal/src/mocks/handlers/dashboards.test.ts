import { expect, test } from 'vitest';
import { DEFAULT_REFERENCE_TIME } from '../world/seeders/context';
import { driveProfileOf, profileActivity, profileAt } from '../world/drive-profile';
import { forgetWorldDb, getWorldDb } from '../world/world-instance';
import { call, signIn } from '../test/api-test-client';

const DAY = 86_400_000;
const range = (days: number) =>
  `from=${new Date(DEFAULT_REFERENCE_TIME - days * DAY).toISOString()}&to=${new Date(DEFAULT_REFERENCE_TIME).toISOString()}`;

const PANELS = [
  { id: 'a', panel: 'fleet-status', x: 0, y: 0, w: 12, h: 2 },
  { id: 'b', panel: 'fault-summary', x: 0, y: 2, w: 4, h: 4 },
];

test('answers 401 without a token, for the list and for every aggregate', async () => {
  expect((await call('GET', '/dashboards')).status).toBe(401);
  expect((await call('POST', '/dashboards', { body: { name: 'x', panels: [] } })).status).toBe(401);
  expect((await call('GET', '/dashboard-data/fleet-status')).status).toBe(401);
  expect((await call('GET', `/dashboard-data/activity?${range(7)}`)).status).toBe(401);
});

test('a caller who saved nothing gets their role default, without the panels they may not see', async () => {
  const sa = await call('GET', '/dashboards', { token: await signIn('SA') });
  expect(sa.status).toBe(200);
  expect(sa.body).toHaveLength(1);
  expect(sa.body[0]).toMatchObject({ id: 'default-platform', builtIn: true });
  expect(sa.body[0].panels.map((p: { panel: string }) => p.panel)).toContain('co2');

  const driver = await call('GET', '/dashboards', { token: await signIn('DR') });
  expect(driver.body[0].panels.map((p: { panel: string }) => p.panel)).toEqual(['my-vehicles', 'map']);

  const gps = await call('GET', '/dashboards', { token: await signIn('GPSA') });
  expect(gps.body[0].panels.map((p: { panel: string }) => p.panel)).toEqual(['fault-summary', 'recent-faults']);
});

test('adds, renames, re-lays out and deletes a dashboard by id; each write is audited and survives a reload', async () => {
  const token = await signIn('OEMA');
  const created = await call('POST', '/dashboards', { token, body: { name: ' Operations ', panels: PANELS } });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: 'Operations', builtIn: false, panels: PANELS });
  const id = created.body.id as string;

  const renamed = await call('PATCH', `/dashboards/${id}`, { token, body: { name: 'Ops' } });
  expect(renamed.status).toBe(200);
  expect(renamed.body.panels).toEqual(PANELS);
  const moved = [
    { ...PANELS[0], y: 4 },
    { ...PANELS[1], y: 0, w: 6 },
  ];
  const relaid = await call('PATCH', `/dashboards/${id}`, { token, body: { panels: moved } });
  expect(relaid.body).toMatchObject({ name: 'Ops', panels: moved });

  forgetWorldDb();
  const list = await call('GET', '/dashboards', { token });
  expect(list.body).toEqual([expect.objectContaining({ id, name: 'Ops', panels: moved })]);

  const sa = await signIn('SA');
  const audit = await call('GET', `/audit?filter[entity]=Dashboard&filter[entityId]=${id}&sort=seq:asc`, { token: sa });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual(['Add', 'Update', 'Update']);

  expect((await call('DELETE', `/dashboards/${id}`, { token })).status).toBe(204);
  expect((await call('DELETE', `/dashboards/${id}`, { token })).status).toBe(404);
  const after = await call('GET', '/dashboards', { token });
  expect(after.body[0]).toMatchObject({ builtIn: true, id: 'default-oem' });
});

test("another user's dashboard is a 404, and reset deletes only the caller's", async () => {
  const oem = await signIn('OEMA');
  const mine = await call('POST', '/dashboards', { token: oem, body: { name: 'Mine', panels: PANELS } });
  const sa = await signIn('SA');
  expect((await call('PATCH', `/dashboards/${mine.body.id}`, { token: sa, body: { name: 'Taken' } })).status).toBe(404);
  expect((await call('DELETE', `/dashboards/${mine.body.id}`, { token: sa })).status).toBe(404);
  await call('POST', '/dashboards', { token: sa, body: { name: 'SA one', panels: PANELS } });
  const reset = await call('POST', '/dashboards/reset', { token: sa });
  expect(reset.status).toBe(200);
  expect(reset.body[0].builtIn).toBe(true);
  const oemList = await call('GET', '/dashboards', { token: oem });
  expect(oemList.body.map((d: { name: string }) => d.name)).toEqual(['Mine']);
});

test('answers 403 to a role without dashboard configuration, and to an OEM employee who may only read it', async () => {
  const fleet = await signIn('FA');
  expect((await call('POST', '/dashboards', { token: fleet, body: { name: 'x', panels: [] } })).status).toBe(403);
  expect((await call('POST', '/dashboards/reset', { token: fleet })).status).toBe(403);
  const oeme = await signIn('OEME');
  expect((await call('POST', '/dashboards', { token: oeme, body: { name: 'x', panels: [] } })).status).toBe(403);
  expect((await call('GET', '/dashboards', { token: oeme })).status).toBe(200);
});

test('refuses an empty name, a panel the role may not see and a panel outside the grid, field by field', async () => {
  const token = await signIn('OEMA');
  const res = await call('POST', '/dashboards', {
    token,
    body: { name: ' ', panels: [{ id: 'x', panel: 'fleet-status', x: 6, y: 0, w: 12, h: 2 }] },
  });
  expect(res.status).toBe(400);
  expect(res.body.fieldErrors).toEqual({
    name: 'Enter a name.',
    panels: 'Fleet status must be 4 to 12 columns wide inside the grid.',
  });
  const unknown = await call('POST', '/dashboards', {
    token,
    body: { name: 'x', panels: [{ id: 'x', panel: 'weather', x: 0, y: 0, w: 4, h: 4 }] },
  });
  expect(unknown.body.fieldErrors).toEqual({ panels: 'Unknown panel weather.' });
});

test('every aggregate answers 403 to a role without its panel key', async () => {
  const driver = await signIn('DR');
  for (const path of ['fleet-status', 'soc-distribution', 'battery-health']) {
    expect((await call('GET', `/dashboard-data/${path}`, { token: driver })).status, path).toBe(403);
  }
  for (const path of ['fault-summary', 'recent-faults', 'activity', 'charging', 'co2']) {
    expect((await call('GET', `/dashboard-data/${path}?${range(7)}`, { token: driver })).status, path).toBe(403);
  }
  expect((await call('GET', '/dashboard-data/my-vehicles', { token: await signIn('FA') })).status).toBe(403);
  // Super Admin holds every key, but has no vehicles of their own.
  const sa = await call('GET', '/dashboard-data/my-vehicles', { token: await signIn('SA') });
  expect(sa.body.items).toEqual([]);
});

test('fleet status counts add up to the vehicles in scope; a fleet sees only its own', async () => {
  const sa = await call('GET', '/dashboard-data/fleet-status', { token: await signIn('SA') });
  const b = sa.body;
  expect(b.online + b.offline).toBe(b.total);
  expect(b.charging + b.driving + b.idle).toBe(b.online);
  const db = await getWorldDb();
  expect(b.total).toBe(db.tables.vehicles.all().length);
  const fleetUser = db.tables.users.all().find((u) => u.role === 'FA');
  const fa = await call('GET', '/dashboard-data/fleet-status', { token: await signIn('FA') });
  expect(fa.body.total).toBe(db.tables.vehicles.all().filter((v) => v.fleetId === fleetUser?.fleetId).length);
  expect(fa.body.total).toBeLessThan(b.total);
});

test('fault summary counts the faults raised in the range by severity; recent faults lists active ones newest first', async () => {
  const token = await signIn('SA');
  const db = await getWorldDb();
  const from = DEFAULT_REFERENCE_TIME - 30 * DAY;
  const inRange = db.tables.faults.all().filter((f) => f.occurredAt >= from && f.occurredAt <= DEFAULT_REFERENCE_TIME);
  const summary = await call('GET', `/dashboard-data/fault-summary?${range(30)}`, { token });
  expect(summary.status).toBe(200);
  expect(summary.body.total).toBe(inRange.filter((f) => [1, 2, 3, 4, 5].includes(Number(f.severity))).length);
  const recent = await call('GET', `/dashboard-data/recent-faults?${range(30)}`, { token });
  const times = recent.body.items.map((f: { occurredAt: string }) => Date.parse(f.occurredAt));
  expect([...times].sort((x, y) => y - x)).toEqual(times);
  expect(recent.body.items.length).toBeLessThanOrEqual(10);
});

test('a range that ends before it starts, or is longer than the data, is a clear 400', async () => {
  const token = await signIn('SA');
  const backwards = await call(
    'GET',
    `/dashboard-data/activity?from=${new Date(DEFAULT_REFERENCE_TIME).toISOString()}&to=${new Date(DEFAULT_REFERENCE_TIME - DAY).toISOString()}`,
    { token },
  );
  expect(backwards.status).toBe(400);
  expect(backwards.body.message).toBe('The range must end after it starts.');
  const long = await call('GET', `/dashboard-data/charging?${range(90)}`, { token });
  expect(long.body.message).toBe('Choose a range of at most 62 days.');
});

test('activity and CO2 come from the driving in range; CO2 avoided is baseline minus grid emissions', async () => {
  const token = await signIn('FA');
  const activity = await call('GET', `/dashboard-data/activity?${range(7)}`, { token });
  expect(activity.status).toBe(200);
  expect(activity.body.days).toHaveLength(7);
  const km = activity.body.days.reduce((s: number, d: { distanceKm: number }) => s + d.distanceKm, 0);
  const kwh = activity.body.days.reduce((s: number, d: { energyKwh: number }) => s + d.energyKwh, 0);
  expect(km).toBeGreaterThan(0);
  const co2 = await call('GET', `/dashboard-data/co2?${range(7)}`, { token });
  expect(co2.body.distanceKm).toBeCloseTo(km, 0);
  expect(co2.body.energyKwh).toBeCloseTo(kwh, 0);
  // The defaults of the carbon method (decision 0082): grid 0.7117 t/MWh, 10 % charging losses.
  expect(co2.body).toMatchObject({ gridKgPerKwh: 0.7117, chargingLossPct: 10 });
  const expected = (co2.body.distanceKm * co2.body.baselineGPerKm) / 1000 - kwh * 1.1 * 0.7117;
  // baselineGPerKm is rounded to whole g/km: within half a gram per km driven.
  expect(Math.abs(co2.body.avoidedKg - expected)).toBeLessThanOrEqual((0.5 * co2.body.distanceKm) / 1000 + 1);
});

test('the CO2 panel agrees with the carbon page, and a saved change of the carbon settings moves both', async () => {
  const token = await signIn('OEMA');
  const q = range(14);
  const panel = async () => (await call('GET', `/dashboard-data/co2?${q}`, { token })).body;
  const page = async () => (await call('GET', `/analysis/carbon?${q}`, { token })).body.total;
  const before = await panel();
  const pageBefore = await page();
  expect(before.distanceKm).toBeGreaterThan(0);
  expect(before.avoidedKg).toBeCloseTo(pageBefore.avoidedLocationKg, 0);
  expect(before.distanceKm).toBeCloseTo(pageBefore.distanceKm, 0);

  const saved = await call('PUT', '/analysis/carbon-settings', {
    token,
    body: { gridIntensity: 0.5, chargingLossPct: 20, baseline2w: 60, baseline3w: 120 },
  });
  expect(saved.status).toBe(200);
  const after = await panel();
  expect(after).toMatchObject({ gridKgPerKwh: 0.5, chargingLossPct: 20, distanceKm: before.distanceKm });
  expect(after.avoidedKg).not.toBeCloseTo(before.avoidedKg, 0);
  expect(after.avoidedKg).toBeCloseTo((await page()).avoidedLocationKg, 0);
  // By hand: every km against its type's new baseline, every kWh x 1.2 x 0.5.
  const db = await getWorldDb();
  const oemId = db.tables.users.all().find((u) => u.role === 'OEMA')?.oemId;
  const from = DEFAULT_REFERENCE_TIME - 14 * DAY;
  let baselineKg = 0;
  let kwh = 0;
  for (const v of db.tables.vehicles.all().filter((x) => x.oemId === oemId)) {
    // The vehicle's drive profile while it was in service and reporting.
    const a = Math.max(from, v.createdAt);
    const b = Math.min(DEFAULT_REFERENCE_TIME, v.lastSeenAt);
    for (const day of profileActivity(driveProfileOf(db.world.seed, v), a, b).values()) {
      baselineKg += (day.distanceKm * (v.vehicleType === '2 Wheeler' ? 60 : 120)) / 1000;
      kwh += day.energyKwh;
    }
  }
  expect(after.avoidedKg).toBeCloseTo(baselineKg - kwh * 1.2 * 0.5, 0);
});

test('battery health, SoC and tickets add up; a driver sees only their own vehicles with service due', async () => {
  const token = await signIn('SA');
  const health = await call('GET', '/dashboard-data/battery-health', { token });
  expect(health.body.ratings.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(health.body.total);
  const soc = await call('GET', '/dashboard-data/soc-distribution', { token });
  expect(soc.body.buckets.reduce((s: number, r: { count: number }) => s + r.count, 0)).toBe(soc.body.total);
  const tickets = await call('GET', '/dashboard-data/tickets', { token });
  expect(tickets.body.breached).toBeLessThanOrEqual(tickets.body.open);

  const db = await getWorldDb();
  const driverUser = db.tables.users.all().find((u) => u.role === 'DR');
  const mine = await call('GET', '/dashboard-data/my-vehicles', { token: await signIn('DR') });
  const expectedIds = db.tables.vehicles
    .all()
    .filter((v) => v.driverId === driverUser?.driverId)
    .map((v) => v.id);
  // The services list them by registration (decision 0110), at most 20.
  expect(new Set(mine.body.items.map((v: { id: string }) => v.id))).toEqual(new Set(expectedIds.slice(0, 20)));
  const registrations = mine.body.items.map((v: { registrationNumber: string }) => v.registrationNumber);
  expect(registrations).toEqual([...registrations].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
  for (const v of mine.body.items) {
    expect(v.serviceDueKm).toBeGreaterThan(0);
    expect(v.serviceDueKm).toBeLessThanOrEqual(5000);
    expect(Math.round(v.odometerKm + v.serviceDueKm) % 5000).toBe(0);
  }
});

test('firmware rollouts in progress: running and paused ones in scope, paused first, with progress; FOTA only', async () => {
  const sa = await signIn('SA');
  const seeded = await call('GET', '/dashboard-data/firmware-rollouts', { token: sa });
  expect(seeded.status).toBe(200);
  // The demo world's three paused rollouts, one per BMS, MCU and VCU kind.
  expect(seeded.body).toMatchObject({ running: 0, paused: 3 });
  const seededIds = (seeded.body.items as { id: string }[]).map((r) => r.id);
  for (const id of seededIds)
    expect((await call('POST', `/firmware-rollouts/${id}/cancel`, { token: sa })).status).toBe(200);
  const releases = await call('GET', '/firmware-releases?filter[deviceType]=BMS&sort=createdAt:desc&pageSize=2', {
    token: sa,
  });
  const policy = {
    canaryPercent: 0,
    waveSize: 5,
    pauseBetweenWavesSec: 5,
    failureThresholdPercent: 30,
    minFinishedCount: 2,
    timeoutSec: 60,
    maxRetries: 0,
    preconditions: { minSoc: 0, parked: false, notCharging: false, ignitionOff: false, connected: false },
  };
  const started = [];
  for (const release of releases.body.items as { id: string }[]) {
    const res = await call('POST', '/firmware-rollouts', {
      token: sa,
      body: { releaseId: release.id, target: { kind: 'filter', filter: {} }, policy },
    });
    expect(res.status).toBe(201);
    started.push(res.body as { id: string; deviceCount: number });
  }
  const [first, second] = started as [(typeof started)[0], (typeof started)[0]];
  expect((await call('POST', `/firmware-rollouts/${first.id}/pause`, { token: sa })).status).toBe(200);
  const res = await call('GET', '/dashboard-data/firmware-rollouts', { token: sa });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ running: 1, paused: 1 });
  expect(res.body.items.map((r: { id: string; status: string }) => [r.id, r.status])).toEqual([
    [first.id, 'paused'],
    [second.id, 'running'],
  ]);
  const running = res.body.items[1];
  expect(running).toMatchObject({ deviceType: 'BMS', deviceCount: second.deviceCount, currentWave: 0 });
  expect(running.completed + running.failed + running.inProgress + running.waiting).toBeLessThanOrEqual(
    running.deviceCount,
  );
  expect(running.progressPct).toBe(
    Math.round(((running.completed + running.failed) / running.deviceCount) * 1000) / 10,
  );
  // Cancelled and completed rollouts are not in progress.
  expect((await call('POST', `/firmware-rollouts/${first.id}/cancel`, { token: sa })).status).toBe(200);
  const after = await call('GET', '/dashboard-data/firmware-rollouts', { token: sa });
  expect(after.body.items.map((r: { id: string }) => r.id)).toEqual([second.id]);
  // A role without FOTA never gets them (the fleet admin holds FOTA.h only).
  expect((await call('GET', '/dashboard-data/firmware-rollouts', { token: await signIn('FA') })).status).toBe(403);
});

test('utilisation, energy and charging follow the drive profiles: what the vehicles drove in range, and what they charged back', async () => {
  const token = await signIn('SA');
  const db = await getWorldDb();
  const from = DEFAULT_REFERENCE_TIME - 7 * DAY;
  const activity = (await call('GET', `/dashboard-data/activity?${range(7)}`, { token })).body;
  const charging = (await call('GET', `/dashboard-data/charging?${range(7)}`, { token })).body;
  // By hand, sampling each vehicle's profile every 10 minutes while it was in service and reporting.
  const STEP = 10 * 60_000;
  let driving = 0;
  let samples = 0;
  for (const v of db.tables.vehicles.all()) {
    const profile = driveProfileOf(db.world.seed, v);
    for (let t = Math.max(from, v.createdAt); t < Math.min(DEFAULT_REFERENCE_TIME, v.lastSeenAt); t += STEP) {
      samples += 1;
      if (profileAt(profile, t + STEP / 2).driving) driving += 1;
    }
  }
  const sampled = (driving / samples) * 100;
  expect(Math.abs(activity.utilisationPct - sampled)).toBeLessThanOrEqual(1);
  // A commercial fleet drives a fifth to two fifths of the clock (shifts of 8-11 h, six days a week).
  expect(activity.utilisationPct).toBeGreaterThanOrEqual(15);
  expect(activity.utilisationPct).toBeLessThanOrEqual(40);
  const hours = activity.days.reduce((s: number, d: { drivingHours: number }) => s + d.drivingHours, 0);
  expect(hours).toBeCloseTo((driving * STEP) / 3_600_000, -2);
  // The chargers put back what the driving took, give or take the charge in the pack at the range's ends.
  const used = activity.days.reduce((s: number, d: { energyKwh: number }) => s + d.energyKwh, 0);
  expect(charging.energyKwh).toBeGreaterThan(used * 0.85);
  expect(charging.energyKwh).toBeLessThan(used * 1.15);
  // About one charge after each shift, plus the top-ups of the break: 1-2 sessions a vehicle a working day.
  const vehicleDays = samples / (DAY / STEP);
  expect(charging.sessions / vehicleDays).toBeGreaterThan(0.7);
  expect(charging.sessions / vehicleDays).toBeLessThan(2);
});
