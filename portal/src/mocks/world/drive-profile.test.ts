// Issue 18 items 1-4: the telemetry history of every demo vehicle is physically possible and agrees with the list.
import { expect, test } from 'vitest';
import { createWorld } from './create-world';
import { driveProfileOf, type ProfileVehicle, profileAt, RANGE_KM_PER_SOC } from './drive-profile';
import { telemetryOf } from './histories';
import { MASTER_STATES, TELEMETRY_TEMPLATES } from './model-catalog';

const MINUTE = 60_000;
const STATE_CODES = new Set(MASTER_STATES.EV.map((s) => s.code).filter((c): c is number => typeof c === 'number'));

function series(seed: number, vehicle: ProfileVehicle, from: number, to: number, points: number) {
  const out = telemetryOf(seed, vehicle.id, TELEMETRY_TEMPLATES.EV, from, to, points, { vehicle });
  const byKey = Object.fromEntries(out.map((s) => [s.key, s.points.map(([, v]) => v)]));
  return { t: out[0]!.points.map(([t]) => t), ...byKey } as Record<string, number[]> & { t: number[] };
}

test('over many seeds and vehicles, 48 h of history at 10-minute steps is physically possible', () => {
  for (const seed of [1, 7, 42, 1234]) {
    const world = createWorld({ seed, size: 25 });
    const now = world.referenceTime;
    for (const vehicle of world.generate.vehicles()) {
      const from = now - 48 * 60 * MINUTE;
      const h = series(seed, vehicle, from, now, 48 * 6 + 1);
      const max = TELEMETRY_TEMPLATES.EV.find((k) => k.key === 'speed')!.max;
      for (let i = 1; i < h.t.length; i += 1) {
        const dtHours = (h.t[i]! - h.t[i - 1]!) / 3_600_000;
        const rise = h.odometer![i]! - h.odometer![i - 1]!;
        // The odometer never falls, and rises at most by the top speed over the step (0.01 km of rounding).
        expect(rise).toBeGreaterThanOrEqual(0);
        expect(rise).toBeLessThanOrEqual(max * dtHours + 0.01);
        const socChange = h.soc![i]! - h.soc![i - 1]!;
        // The charge falls only while driving (at most 0.6 % a km) and rises only while charging (at most 25 % an
        // hour, what the pack's charger gives).
        if (socChange < -0.01) expect(-socChange).toBeLessThanOrEqual(0.6 * rise + 0.02);
        if (socChange > 0.01) {
          expect([h.stateCode![i - 1], h.stateCode![i]]).toContain(81);
          expect(socChange).toBeLessThanOrEqual(25 * dtHours + 0.01);
        }
      }
      for (let i = 0; i < h.t.length; i += 1) {
        expect(h.speed![i]).toBeGreaterThanOrEqual(0);
        expect(h.speed![i]).toBeLessThanOrEqual(max);
        expect(h.soc![i]).toBeGreaterThanOrEqual(0);
        expect(h.soc![i]).toBeLessThanOrEqual(100);
        expect(h.range![i]).toBeCloseTo(h.soc![i]! * RANGE_KM_PER_SOC, 0);
        // Enumerations carry listed codes only.
        expect(STATE_CODES.has(h.stateCode![i]!)).toBe(true);
        expect(h.speed![i]! > 0).toBe(h.stateCode![i] === 66);
      }
    }
  }
});

test("the list's odometer and range agree with the vehicle's history when it was last seen", () => {
  for (const seed of [3, 9]) {
    const world = createWorld({ seed, size: 30 });
    for (const vehicle of world.generate.vehicles()) {
      const at = vehicle.lastSeenAt;
      const h = series(seed, vehicle, at - MINUTE, at, 2);
      expect(h.odometer![1]).toBeCloseTo(vehicle.odometerKm, 1);
      expect(vehicle.rangeKm).toBeCloseTo(vehicle.soc * RANGE_KM_PER_SOC, 0);
    }
  }
});

test("a VCU's gear and drive mode are listed positions and modes, whole numbers; gear 0 while the vehicle stands", () => {
  const world = createWorld({ seed: 5, size: 10 });
  const now = world.referenceTime;
  for (const vehicle of world.generate.vehicles()) {
    const ev = series(5, vehicle, now - 24 * 60 * MINUTE, now, 24 * 12 + 1);
    const vcu = telemetryOf(
      5,
      vehicle.vcuId ?? 'x',
      TELEMETRY_TEMPLATES.VCU,
      now - 24 * 60 * MINUTE,
      now,
      24 * 12 + 1,
      {
        vehicle,
      },
    );
    const gear = vcu.find((s) => s.key === 'gear')!.points.map(([, v]) => v);
    const mode = vcu.find((s) => s.key === 'driveMode')!.points.map(([, v]) => v);
    gear.forEach((g, i) => {
      expect([0, 1, 2, 3]).toContain(g);
      if (ev.speed![i] === 0) expect(g).toBe(0);
      else expect(g).toBeGreaterThan(0);
    });
    for (const m of mode) expect([0, 1, 2]).toContain(m);
  }
});

test('overlapping ranges of a vehicle agree where they overlap', () => {
  const world = createWorld({ seed: 3, size: 5 });
  const v = world.generate.vehicles()[2]!;
  const now = world.referenceTime;
  const a = series(3, v, now - 100 * MINUTE, now, 101);
  const b = series(3, v, now - 50 * MINUTE, now, 51);
  expect(b.odometer).toEqual(a.odometer!.slice(50));
  expect(b.soc).toEqual(a.soc!.slice(50));
});

// Issue 37 item 7: the profile is a believable commercial fleet, and the list, the live map and the dashboard follow it.
const DAY_MS = 24 * 60 * MINUTE;
const DRIVE = 66;

function drivingShare(referenceTime: number) {
  const world = createWorld({ seed: 1, size: 300, referenceTime });
  const online = world.generate.vehicles().filter((v) => v.isLive);
  return { online: online.length, share: online.filter((v) => v.stateCode === DRIVE).length / online.length };
}

test('in the day shift, 35-65 % of the online vehicles drive; at 03:00 local a few night-shift ones do', () => {
  // Wednesday 7 January 2026; the demo region's clock is UTC+05:30.
  for (const hour of [5, 6, 9, 10]) {
    const { online, share } = drivingShare(Date.UTC(2026, 0, 7, hour));
    expect(online).toBeGreaterThan(80);
    expect(share, `${hour}:00 UTC`).toBeGreaterThanOrEqual(0.35);
    expect(share, `${hour}:00 UTC`).toBeLessThanOrEqual(0.65);
  }
  const night = drivingShare(Date.UTC(2026, 0, 7, 21, 30)).share;
  expect(night).toBeGreaterThan(0);
  expect(night).toBeLessThan(0.15);
});

test("a vehicle's odometer is what it drove in its days in service: 40-160 km a day of its age, no more", () => {
  const world = createWorld({ seed: 2, size: 300 });
  const vehicles = world.generate.vehicles();
  const age = (v: (typeof vehicles)[number]) => (world.referenceTime - v.createdAt) / DAY_MS;
  for (const v of vehicles) {
    const perDay = v.odometerKm / age(v);
    expect(perDay, `${v.id}: ${v.odometerKm} km in ${age(v).toFixed(0)} days`).toBeGreaterThanOrEqual(40);
    expect(perDay, `${v.id}: ${v.odometerKm} km in ${age(v).toFixed(0)} days`).toBeLessThanOrEqual(160);
  }
  // Older vehicles have driven further: the oldest quarter at least 3 times the youngest quarter.
  const byAge = [...vehicles].sort((a, b) => age(a) - age(b));
  const quarter = Math.floor(byAge.length / 4);
  const mean = (vs: typeof vehicles) => vs.reduce((s, v) => s + v.odometerKm, 0) / vs.length;
  expect(mean(byAge.slice(-quarter))).toBeGreaterThan(3 * mean(byAge.slice(0, quarter)));
});

test("a fitted pack's cycle count is its vehicle's charges since it entered service: a young vehicle's pack is young", () => {
  const world = createWorld({ seed: 2, size: 120 });
  const vehicles = new Map(world.generate.vehicles().map((v) => [v.id, v]));
  for (const bms of world.generate.bmsDevices()) {
    const v = bms.vehicleId ? vehicles.get(bms.vehicleId) : undefined;
    if (!v) continue;
    const days = (v.lastSeenAt - v.createdAt) / DAY_MS;
    // One cycle a working day (six a week), two for a vehicle that tops up in its break.
    expect(bms.bms?.cycleCount ?? 0, v.id).toBeLessThanOrEqual(Math.ceil(days * 2));
    expect(bms.bms?.cycleCount ?? 0, v.id).toBeGreaterThanOrEqual(Math.floor(days * 0.8) - 1);
  }
});

test('a vehicle drives about its km a day on six days a week, 3-13 h a day', () => {
  const world = createWorld({ seed: 4, size: 40 });
  const start = Date.UTC(2025, 11, 1);
  for (const v of world.generate.vehicles()) {
    const profile = driveProfileOf(4, v);
    let drivingDays = 0;
    for (let d = 0; d < 14; d += 1) {
      const from = start + d * DAY_MS;
      const before = profileAt(profile, from).odometer;
      let drivingSamples = 0;
      for (let t = from; t < from + DAY_MS; t += 10 * MINUTE) if (profileAt(profile, t).driving) drivingSamples += 1;
      const km = profileAt(profile, from + DAY_MS).odometer - before;
      if (km > 0) drivingDays += 1;
      // A day drives 0 km (its day off) or about its km a day, across its shift boundary at most two days' worth.
      expect(km).toBeLessThanOrEqual(2 * profile.kmPerDay + 0.01);
      // Driving 3-10 h a day (10-minute samples) on a day it drove.
      if (km > profile.kmPerDay) expect(drivingSamples).toBeGreaterThanOrEqual(18);
      expect(drivingSamples).toBeLessThanOrEqual(13 * 6);
    }
    expect(drivingDays, v.id).toBeGreaterThanOrEqual(10);
    // Six days a week: 28 days hold 24 working days (give or take the shift that straddles each end).
    const fourWeeks = profileAt(profile, start + 28 * DAY_MS).odometer - profileAt(profile, start).odometer;
    expect(fourWeeks / profile.kmPerDay, v.id).toBeGreaterThanOrEqual(23);
    expect(fourWeeks / profile.kmPerDay, v.id).toBeLessThanOrEqual(25);
  }
});
