import type { components } from '@/domain/api-schema';
import { clampToDemoRegion, DEMO_REGION } from '@/shared/lib/live/demo-region';
import { createRoadWalks } from '../live/fleet-simulator.js';
import { TIME } from './seeders/context';
import {
  driveProfileOf,
  driveRuns,
  kwhPerSocOf,
  PROFILE_KEYS,
  packCycles,
  packCyclesBy,
  type ProfileVehicle,
  profileAt,
  vcuEnumAt,
} from './drive-profile';
import { createRng, hashString, pad } from './prng';
import type { Device, Stored, Vehicle } from './types';

type Schemas = components['schemas'];
export type TripRow = Stored<Schemas['Trip']>;
export type BatteryCycleRow = Stored<Schemas['BatteryCycle']>;
export type SavedLocationRow = Stored<Schemas['SavedLocation']>;
export type TelemetrySeries = Schemas['TelemetrySeries'];
export type TelemetryKey = Schemas['TelemetryKey'];

/**
 * Histories that are too large to keep (telemetry, trips, battery cycles, saved locations) are generated on demand,
 * as pure functions of the world seed, the vehicle or device id and the world's reference time.
 */

const RUN_STATUSES = [2, 2, 2, 2, 2, 2, 3, 4] as const;

/** How far back trip histories reach. */
export const TRIP_DAYS = 60;
const round1 = (value: number) => Math.round(value * 10) / 10;
const round2 = (value: number) => Math.round(value * 100) / 100;

let walks: ReturnType<typeof createRoadWalks> | undefined;
/** A vehicle's road as the live simulator drives it (the demo region's roads, seed 1 as the demo's broker). */
export function roadWalkOf(vehicleId: string) {
  walks ??= createRoadWalks(DEMO_REGION);
  return walks(vehicleId);
}

/**
 * Where a vehicle's trips lie: metres along its road from where it was last seen (its last location, where the live
 * simulator starts it), for the odometer at `t`.
 */
export function tripOffsets(seed: number, vehicle: Vehicle, now: number) {
  const profile = driveProfileOf(seed, vehicle);
  const cutoff = Math.min(now, vehicle.lastSeenAt);
  const ref = profileAt(profile, cutoff).odometer;
  return {
    profile,
    cutoff,
    metresAt: (t: number) => Math.round((profileAt(profile, Math.min(t, cutoff)).odometer - ref) * 1_000_000) / 1000,
  };
}

/**
 * The trips of a vehicle over the 60 days before `now` (up to when it was last seen), newest first: the runs of
 * driving of its drive profile (issue 37 item 7), so the trip list, the history, the odometer and the dashboard's
 * activity agree. A trip lies on the vehicle's road, the way the live map drives it: the newest ends at its last
 * location, each ends where the next one starts, and its distance is the km its profile drove. With `since`, only the
 * trips started at or after it (the same rows as filtering the whole list, without placing the older ones: the seed of
 * the server's window).
 */
export function tripsOf(seed: number, vehicle: Vehicle, now: number, since?: number): TripRow[] {
  const r = createRng(seed ^ hashString(vehicle.id), 'trips');
  const { profile, cutoff, metresAt } = tripOffsets(seed, vehicle, now);
  const walk = roadWalkOf(vehicle.id);
  const runs = driveRuns(profile, Math.max(now - TRIP_DAYS * TIME.DAY, vehicle.createdAt), cutoff);
  const count = runs.length;
  const place = (t: number) => {
    const p = walk.at(metresAt(t));
    return { lat: round6(p.lat), lng: round6(p.lon) };
  };
  const newestFirst = runs.reverse();
  const kept = since === undefined ? newestFirst : newestFirst.filter((run) => run.startedAt >= since);
  return kept.map((run, i) => {
    const running = run.running && vehicle.isLive;
    const hours = (run.endedAt - run.startedAt) / TIME.HOUR;
    const avg = hours > 0 ? run.km / hours : 0;
    return {
      id: `${vehicle.id}-trip-${pad(count - i, 3)}`,
      vehicleId: vehicle.id,
      status: running ? 1 : r.pick(i, 4, RUN_STATUSES),
      startedAt: run.startedAt,
      endedAt: running ? null : run.endedAt,
      distanceKm: Math.max(0.1, round1(run.km)),
      durationMin: Math.max(1, Math.round((run.endedAt - run.startedAt) / 60_000)),
      energyKwh: round2(run.km * profile.kwhPerKm),
      avgSpeedKmh: round1(avg),
      maxSpeedKmh: round1(Math.min(90, avg + 10 + r.float(i, 6) * 25)),
      start: place(run.startedAt),
      end: place(run.endedAt),
    };
  });
}

/** Cycles a BMS's list holds at most. */
const MAX_CYCLES = 120;

/**
 * The charge/discharge cycles of a BMS, newest first (index counts up from its first cycle). A pack fitted to
 * `vehicle` has its vehicle's (issue 37 item 7): a discharge from each charge (or shift start) to the next charge, up
 * to when it was last seen, the newest numbered its cycle count; a spare pack's are its own.
 */
export function batteryCyclesOf(
  seed: number,
  bms: Device,
  now: number,
  vehicle?: Vehicle | null,
  /** Only the cycles started at or after this (the same rows as without it, fewer to generate). */
  since = Number.NEGATIVE_INFINITY,
): BatteryCycleRow[] {
  const r = createRng(seed ^ hashString(bms.id), 'cycles');
  if (vehicle && bms.vehicleId === vehicle.id) {
    const profile = driveProfileOf(seed, vehicle);
    const cutoff = Math.min(now, vehicle.lastSeenAt);
    const kwhPerSoc = kwhPerSocOf(profile);
    // The newest 120, each a working day's at most 2: 120 working days are enough to look back over.
    const cycles = packCycles(profile, Math.max(vehicle.createdAt, cutoff - 150 * TIME.DAY, since), cutoff)
      .slice(-MAX_CYCLES)
      .reverse();
    const total = packCyclesBy(profile, cutoff);
    return cycles.map((c, i) => {
      const running = c.running && bms.isLive;
      const minCell = Math.round((3.0 + r.float(i, 4) * 0.3) * 1000) / 1000;
      const startSoc = round1(c.startSoc);
      const endSoc = round1(c.endSoc);
      return {
        id: `${bms.id}-cycle-${pad(total - i, 5)}`,
        bmsId: bms.id,
        vehicleId: bms.vehicleId,
        index: total - i,
        status: running ? 1 : r.pick(i, 5, RUN_STATUSES),
        startedAt: c.startedAt,
        endedAt: running ? null : c.endedAt,
        startSoc,
        endSoc,
        energyKwh: round2((c.startSoc - c.endSoc) * kwhPerSoc),
        minCellVoltage: minCell,
        maxCellVoltage: Math.round((minCell + 0.02 + r.float(i, 6) * 0.15) * 1000) / 1000,
        maxTemperatureC: Math.round((28 + r.float(i, 7) * 22) * 10) / 10,
      };
    });
  }
  const total = bms.bms?.cycleCount ?? 0;
  const count = Math.min(total, MAX_CYCLES);
  const capacityKwh = ((bms.bms?.capacityAh ?? 40) * (bms.bms?.nominalVoltage ?? 51.2)) / 1000;
  const rows: BatteryCycleRow[] = [];
  let end = now - r.int(0, 0, 1, 20) * TIME.HOUR;
  for (let i = 0; i < count; i += 1) {
    const hours = r.int(i, 1, 3, 30);
    const startSoc = Math.round((60 + r.float(i, 2) * 40) * 10) / 10;
    const endSoc = Math.round(r.float(i, 3) * 40 * 10) / 10;
    const running = i === 0 && bms.isLive;
    const startedAt = (running ? now : end) - hours * TIME.HOUR;
    if (startedAt < since) break;
    const minCell = Math.round((3.0 + r.float(i, 4) * 0.3) * 1000) / 1000;
    rows.push({
      id: `${bms.id}-cycle-${pad(total - i, 5)}`,
      bmsId: bms.id,
      vehicleId: bms.vehicleId,
      index: total - i,
      status: running ? 1 : r.pick(i, 5, RUN_STATUSES),
      startedAt,
      endedAt: running ? null : startedAt + hours * TIME.HOUR,
      startSoc,
      endSoc,
      energyKwh: Math.round(((startSoc - endSoc) / 100) * capacityKwh * 100) / 100,
      minCellVoltage: minCell,
      maxCellVoltage: Math.round((minCell + 0.02 + r.float(i, 6) * 0.15) * 1000) / 1000,
      maxTemperatureC: Math.round((28 + r.float(i, 7) * 22) * 10) / 10,
    });
    end = startedAt - r.int(i, 8, 1, 30) * TIME.HOUR;
  }
  return rows;
}

/** Home, Office and Most frequent places of a vehicle, near its last location and inside the demo region. */
export function savedLocationsOf(seed: number, vehicle: Vehicle, now: number): SavedLocationRow[] {
  const r = createRng(seed ^ hashString(vehicle.id), 'locations');
  const names: Record<1 | 2 | 3, string> = { 1: 'Home', 2: 'Office', 3: 'Most frequent' };
  // Visits over the last ~30 days: home most evenings, the office on working days, and the most frequent place (a
  // charging hub, a depot) at least as often as either. Home and office were visited recently.
  const home = r.int(1, 2, 18, 45);
  const office = r.int(2, 2, 8, 24);
  const visits: Record<1 | 2 | 3, number> = { 1: home, 2: office, 3: Math.max(home, office) + r.int(3, 2, 5, 80) };
  const lastVisitHours: Record<1 | 2 | 3, number> = { 1: 20, 2: 72, 3: 48 };
  return ([1, 2, 3] as const).map((kind) => {
    const place = clampToDemoRegion(
      vehicle.lastLocation.lat + (r.float(kind, 0) - 0.5) * 0.08,
      vehicle.lastLocation.lng + (r.float(kind, 1) - 0.5) * 0.08,
    );
    return {
      id: `${vehicle.id}-loc-${kind}`,
      vehicleId: vehicle.id,
      kind,
      name: names[kind],
      location: { lat: round6(place.lat), lng: round6(place.lng) },
      visitCount: visits[kind],
      lastVisitedAt: now - r.int(kind, 3, 1, lastVisitHours[kind]) * TIME.HOUR,
    };
  });
}

export const MAX_TELEMETRY_POINTS = 1_000_000;

/** Keys whose values are codes or positions: whole numbers only. */
const INTEGER_UNITS = new Set(['', 'code', 'mode', 'position']);

export interface TelemetryOptions {
  /**
   * The vehicle whose day (its drive profile) the source follows: the vehicle itself, or the vehicle a device is
   * fitted to (its id and when it entered service). Without one, a source's keys follow slow daily waves.
   */
  vehicle?: ProfileVehicle | null;
}

/**
 * Telemetry for a source id over [from, to], `points` evenly spaced samples per key. A source on a vehicle follows
 * the vehicle's drive profile (odometer, speed, state of charge, range, state code, gear and drive mode, see
 * `drive-profile.ts`); other keys follow slow daily waves plus noise, inside each key's template range. The value at a
 * time depends only on (seed, id, key, time), so two ranges that overlap agree where they overlap.
 */
export function telemetryOf(
  seed: number,
  sourceId: string,
  template: readonly TelemetryKey[],
  from: number,
  to: number,
  points: number,
  options: TelemetryOptions = {},
): TelemetrySeries[] {
  const n = Math.max(2, Math.min(MAX_TELEMETRY_POINTS, Math.trunc(points)));
  const step = (to - from) / (n - 1);
  const profile = options.vehicle ? driveProfileOf(seed, options.vehicle) : null;
  return template.map((key) => {
    const r = createRng(seed ^ hashString(sourceId), `telemetry:${key.key}`);
    const span = key.max - key.min;
    const phase = r.float(0, 0) * Math.PI * 2;
    const integer = INTEGER_UNITS.has(key.unit) || key.key === 'stateCode';
    const out = new Array<[number, number]>(n);
    const fromProfile = profile && PROFILE_KEYS.has(key.key);
    const vcuEnum = profile && (key.key === 'gear' || key.key === 'driveMode');
    for (let i = 0; i < n; i += 1) {
      const t = Math.round(from + i * step);
      let value: number;
      if (fromProfile) {
        value = profileAt(profile, t)[key.key as 'speed' | 'odometer' | 'soc' | 'range' | 'stateCode'];
      } else if (vcuEnum) {
        value = vcuEnumAt(profile, key.key as 'gear' | 'driveMode', t, seed, sourceId);
      } else {
        const minute = Math.floor(t / 60_000);
        const wave = 0.5 + 0.35 * Math.sin((t / TIME.DAY) * Math.PI * 2 + phase) + 0.1 * Math.sin(t / 600_000 + phase);
        const noise = (r.float(minute, 1) - 0.5) * 0.1;
        value = key.min + Math.max(0, Math.min(1, wave + noise)) * span;
      }
      out[i] = [t, integer ? Math.round(value) : Math.round(value * 100) / 100];
    }
    return { key: key.key, unit: key.unit, points: out };
  });
}

/** The grid telemetry rows lie on (epoch multiples): what the server seeds and the demo's repository generates. */
export const TELEMETRY_STEP_MS = 15 * 60_000;

/** A run of telemetry samples of one source at a fixed step: `values[key][i]` is the value at `at + i * stepMs`. */
export interface TelemetryRun {
  at: number;
  stepMs: number;
  values: Record<string, number[]>;
}

/**
 * The telemetry rows of a source over [from, to] (what it sent): its samples on the TELEMETRY_STEP_MS grid inside the
 * range, as one run, and its last message (`lastSeenAt`, when given, inside the range and off the grid) as a run of
 * one sample, from `telemetryOf`. The server seeds these; the demo's repository answers them for any range.
 */
export function telemetryRunsOf(
  seed: number,
  sourceId: string,
  template: readonly TelemetryKey[],
  from: number,
  to: number,
  options: TelemetryOptions & { lastSeenAt?: number | null } = {},
): TelemetryRun[] {
  const runs: TelemetryRun[] = [];
  const sample = (at: number, count: number, last: number): TelemetryRun => {
    const values: Record<string, number[]> = {};
    // telemetryOf samples both ends at least: a run of one takes the first.
    for (const s of telemetryOf(
      seed,
      sourceId,
      template,
      at,
      count === 1 ? at + 1 : last,
      Math.max(2, count),
      options,
    )) {
      values[s.key] = s.points.slice(0, count).map((p) => p[1]);
    }
    return { at, stepMs: TELEMETRY_STEP_MS, values };
  };
  const first = Math.ceil(from / TELEMETRY_STEP_MS) * TELEMETRY_STEP_MS;
  const last = Math.floor(to / TELEMETRY_STEP_MS) * TELEMETRY_STEP_MS;
  if (last >= first) runs.push(sample(first, (last - first) / TELEMETRY_STEP_MS + 1, last));
  const seen = options.lastSeenAt;
  if (seen != null && seen >= from && seen <= to && seen % TELEMETRY_STEP_MS !== 0) runs.push(sample(seen, 1, seen));
  return runs.sort((a, b) => a.at - b.at);
}

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Cell samples a cycle's history holds (the contract's default `points`): what the server keeps per cycle. */
export const CELL_SAMPLES = 60;

export interface CellSample {
  t: number;
  voltages: number[];
  temperatures: number[];
}

/**
 * Per-cell voltages and temperatures over one battery cycle. Each pack has one weak cell (lower voltage, warmer) so the
 * heatmap and the min/max/delta view have something to find.
 */
export function cellHistoryOf(
  seed: number,
  cycle: BatteryCycleRow,
  cellCount: number,
  points: number,
  now: number,
): CellSample[] {
  const r = createRng(seed ^ hashString(cycle.id), 'cells');
  const weak = r.int(0, 0, 0, cellCount - 1);
  const end = cycle.endedAt ?? now;
  const n = Math.max(2, Math.trunc(points));
  const step = (end - cycle.startedAt) / (n - 1);
  const samples: CellSample[] = [];
  // Each cell's own offset (the same at every sample).
  const spread = Array.from({ length: cellCount }, (_, c) => (r.float(c, 1) - 0.5) * 0.02);
  for (let i = 0; i < n; i += 1) {
    const progress = i / (n - 1);
    const soc = cycle.startSoc + (cycle.endSoc - cycle.startSoc) * progress;
    const base = cycle.minCellVoltage + (cycle.maxCellVoltage - cycle.minCellVoltage) * (soc / 100);
    const voltages: number[] = [];
    const temperatures: number[] = [];
    for (let c = 0; c < cellCount; c += 1) {
      const offset = spread[c]! - (c === weak ? 0.04 * progress : 0);
      voltages.push(Math.round((base + offset) * 1000) / 1000);
      const warm = c === weak ? 4 : 0;
      temperatures.push(
        Math.round((26 + progress * (cycle.maxTemperatureC - 26) + warm + r.float(c * 1000 + i, 2)) * 10) / 10,
      );
    }
    samples.push({ t: Math.round(cycle.startedAt + i * step), voltages, temperatures });
  }
  return samples;
}
