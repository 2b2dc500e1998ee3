import { expect, test } from 'vitest';
import { createWorld } from './create-world';
import { driveProfileOf, profileActivity } from './drive-profile';
import { batteryCyclesOf, roadWalkOf, savedLocationsOf, telemetryOf, tripOffsets, tripsOf } from './histories';
import { TELEMETRY_TEMPLATES } from './model-catalog';
import { pathMetres } from './road-route';

const world = createWorld({ seed: 3, size: 20 });
const vehicle = world.generate.vehicles()[4]!;
const bms = world.generate.bmsDevices()[4]!;
const now = world.referenceTime;

test('trips are the same for the same seed and vehicle', () => {
  expect(tripsOf(3, vehicle, now)).toEqual(tripsOf(3, vehicle, now));
  expect(tripsOf(4, vehicle, now)).not.toEqual(tripsOf(3, vehicle, now));
});

test('trips end before the next one starts and before now', () => {
  const trips = tripsOf(3, vehicle, now);
  for (let i = 1; i < trips.length; i += 1) expect(trips[i]!.endedAt ?? 0).toBeLessThan(trips[i - 1]!.startedAt);
  for (const t of trips) expect(t.startedAt).toBeLessThan(now);
});

test("trips since a time are the whole list's from that time on, ids and all (the server's seeded window)", () => {
  const since = now - 5 * 86_400_000;
  const recent = tripsOf(3, vehicle, now, since);
  expect(recent.length).toBeGreaterThan(0);
  expect(recent).toEqual(tripsOf(3, vehicle, now).filter((t) => t.startedAt >= since));
});

test('battery cycles count down from the BMS cycle count', () => {
  expect(bms.vehicleId).toBe(vehicle.id);
  const cycles = batteryCyclesOf(3, bms, now, vehicle);
  expect(cycles[0]?.index).toBe(bms.bms?.cycleCount);
  expect(cycles.length).toBe(Math.min(bms.bms?.cycleCount ?? 0, 120));
  for (const c of cycles) expect(c.maxCellVoltage).toBeGreaterThan(c.minCellVoltage);
});

test("a vehicle's newest trip ends at its last location and each trip ends where the next one starts", () => {
  const trips = tripsOf(3, vehicle, now);
  expect(trips[0]!.end).toEqual(vehicle.lastLocation);
  for (let i = 1; i < trips.length; i += 1) expect(trips[i]!.end).toEqual(trips[i - 1]!.start);
});

test('saved locations are near the last location', () => {
  for (const l of savedLocationsOf(3, vehicle, now)) {
    expect(Math.abs(l.location.lat - vehicle.lastLocation.lat)).toBeLessThan(0.05);
  }
});

test('the most frequent place has the most visits, and home was visited within a day', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const [home, office, frequent] = savedLocationsOf(seed, vehicle, now);
    expect(frequent!.visitCount).toBeGreaterThan(Math.max(home!.visitCount, office!.visitCount));
    expect(home!.visitCount).toBeGreaterThanOrEqual(18);
    expect(now - home!.lastVisitedAt).toBeLessThanOrEqual(20 * 3_600_000);
  }
});

test('overlapping telemetry ranges agree where they overlap', () => {
  const template = TELEMETRY_TEMPLATES.BMS;
  const minute = 60_000;
  const a = telemetryOf(3, 'x', template, now - 100 * minute, now, 101);
  const b = telemetryOf(3, 'x', template, now - 50 * minute, now, 51);
  expect(b[0]!.points).toEqual(a[0]!.points.slice(50));
});

test('telemetry clamps the number of points to one million', () => {
  const series = telemetryOf(3, 'x', TELEMETRY_TEMPLATES.EV.slice(0, 1), now - 1000, now, 5_000_000);
  expect(series[0]!.points).toHaveLength(1_000_000);
});

test("a trip's distance is its way along the vehicle's road, its duration that distance at its average speed", () => {
  let checked = 0;
  for (const v of world.generate.vehicles().slice(0, 10)) {
    const { metresAt } = tripOffsets(3, v, now);
    const walk = roadWalkOf(v.id);
    for (const t of tripsOf(3, v, now)) {
      const path = walk.path(metresAt(t.startedAt), metresAt(t.endedAt ?? now));
      const km = pathMetres(path) / 1000;
      // The route's way along the road is the km the profile drove (the basemap's distances within 1 %).
      expect(Math.abs(t.distanceKm - Math.max(0.1, km))).toBeLessThanOrEqual(0.05 + km * 0.01);
      expect(path[0]).toEqual([t.start.lng, t.start.lat]);
      expect(path.at(-1)).toEqual([t.end.lng, t.end.lat]);
      expect(t.durationMin).toBeCloseTo((t.distanceKm / t.avgSpeedKmh) * 60, -0.5);
      checked += 1;
    }
  }
  expect(checked).toBeGreaterThan(200);
});

test("a vehicle's trips are its drive profile's runs: their km and hours are what the dashboard counts", () => {
  for (const v of world.generate.vehicles().slice(0, 10)) {
    const from = now - 14 * 24 * 3_600_000;
    const trips = tripsOf(3, v, now).filter((t) => t.startedAt >= from);
    const days = [
      ...profileActivity(driveProfileOf(3, v), Math.max(from, v.createdAt), Math.min(now, v.lastSeenAt)).values(),
    ];
    const sum = (f: (d: (typeof days)[number]) => number) => days.reduce((s, d) => s + f(d), 0);
    expect(trips.length).toBe(sum((d) => d.trips));
    expect(trips.reduce((s, t) => s + t.distanceKm, 0)).toBeCloseTo(
      sum((d) => d.distanceKm),
      -1,
    );
    expect(trips.reduce((s, t) => s + t.durationMin, 0) / 60).toBeCloseTo(
      sum((d) => d.drivingHours),
      0,
    );
  }
});

test("a fitted pack's cycles are its vehicle's discharges between charges, as many as the charging sessions", () => {
  for (const v of world.generate.vehicles().slice(0, 10)) {
    const pack = world.generate.bmsDevices().find((d) => d.vehicleId === v.id)!;
    const cycles = batteryCyclesOf(3, pack, now, v);
    for (let i = 1; i < cycles.length; i += 1) {
      // Newest first: each ends (its charge starts) before the newer one starts, and the charge put some back.
      expect(cycles[i]!.endedAt!).toBeLessThanOrEqual(cycles[i - 1]!.startedAt);
      expect(cycles[i - 1]!.startSoc).toBeGreaterThan(cycles[i]!.endSoc);
      expect(cycles[i]!.startSoc).toBeGreaterThan(cycles[i]!.endSoc);
    }
    // Every charge but the one running on ends a cycle: over the last 7 days, one session per cycle that ended.
    const from = now - 7 * 24 * 3_600_000;
    const to = Math.min(now, v.lastSeenAt);
    const ended = cycles.filter((c) => c.endedAt !== null && c.endedAt >= from && c.endedAt < to).length;
    const days = [...profileActivity(driveProfileOf(3, v), Math.max(from, v.createdAt), to).values()];
    const sessions = days.reduce((s, d) => s + d.chargeSessions, 0);
    expect(Math.abs(sessions - ended), v.id).toBeLessThanOrEqual(1);
  }
});
