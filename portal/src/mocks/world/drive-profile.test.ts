// Issue 18 items 1-4: the telemetry history of every demo vehicle is physically possible and agrees with the list.
import { expect, test } from 'vitest';
import { createWorld } from './create-world';
import { RANGE_KM_PER_SOC } from './drive-profile';
import { telemetryOf } from './histories';
import { MASTER_STATES, TELEMETRY_TEMPLATES } from './model-catalog';

const MINUTE = 60_000;
const STATE_CODES = new Set(MASTER_STATES.EV.map((s) => s.code).filter((c): c is number => typeof c === 'number'));

function series(seed: number, vehicleId: string, from: number, to: number, points: number) {
  const out = telemetryOf(seed, vehicleId, TELEMETRY_TEMPLATES.EV, from, to, points, { vehicleId });
  const byKey = Object.fromEntries(out.map((s) => [s.key, s.points.map(([, v]) => v)]));
  return { t: out[0]!.points.map(([t]) => t), ...byKey } as Record<string, number[]> & { t: number[] };
}

test('over many seeds and vehicles, 48 h of history at 10-minute steps is physically possible', () => {
  for (const seed of [1, 7, 42, 1234]) {
    const world = createWorld({ seed, size: 25 });
    const now = world.referenceTime;
    for (const vehicle of world.generate.vehicles()) {
      const from = now - 48 * 60 * MINUTE;
      const h = series(seed, vehicle.id, from, now, 48 * 6 + 1);
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
      const h = series(seed, vehicle.id, at - MINUTE, at, 2);
      expect(h.odometer![1]).toBeCloseTo(vehicle.odometerKm, 1);
      expect(vehicle.rangeKm).toBeCloseTo(vehicle.soc * RANGE_KM_PER_SOC, 0);
    }
  }
});

test("a VCU's gear and drive mode are listed positions and modes, whole numbers; gear 0 while the vehicle stands", () => {
  const world = createWorld({ seed: 5, size: 10 });
  const now = world.referenceTime;
  for (const vehicle of world.generate.vehicles()) {
    const ev = series(5, vehicle.id, now - 24 * 60 * MINUTE, now, 24 * 12 + 1);
    const vcu = telemetryOf(
      5,
      vehicle.vcuId ?? 'x',
      TELEMETRY_TEMPLATES.VCU,
      now - 24 * 60 * MINUTE,
      now,
      24 * 12 + 1,
      {
        vehicleId: vehicle.id,
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
  const a = series(3, v.id, now - 100 * MINUTE, now, 101);
  const b = series(3, v.id, now - 50 * MINUTE, now, 51);
  expect(b.odometer).toEqual(a.odometer!.slice(50));
  expect(b.soc).toEqual(a.soc!.slice(50));
});
