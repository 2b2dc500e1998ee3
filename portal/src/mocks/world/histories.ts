import type { components } from '@/domain/api-schema';
import { clampToDemoRegion, nearestRoadPoint } from '@/shared/lib/live/demo-region';
import { TIME } from './seeders/context';
import { driveProfileOf, PROFILE_KEYS, type ProfileVehicle, profileAt, vcuEnumAt } from './drive-profile';
import { createRng, hashString, pad } from './prng';
import { pathMetres, roadRoute } from './road-route';
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

/** Degrees of latitude per km; a degree of longitude is ~5% shorter in the demo region, close enough for a demo. */
const DEG_PER_KM = 1 / 111;
/** A trip shorter than this along the roads tries another direction for its start (a few times at most). */
const MIN_TRIP_KM = 0.5;
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The trips of a vehicle over the 60 days before `now`, newest first; the newest runs while the vehicle drives.
 * They chain: the newest ends at the vehicle's last location (on a road of the demo region) and each trip ends where
 * the next one starts, on the road nearest to a spot a trip's length away, so on the bundled basemap.
 */
export function tripsOf(seed: number, vehicle: Vehicle, now: number): TripRow[] {
  const r = createRng(seed ^ hashString(vehicle.id), 'trips');
  const count = r.int(0, 0, 8, 40);
  const rows: TripRow[] = [];
  let end = now - r.int(0, 1, 1, 12) * TIME.HOUR;
  let endPlace = clampToDemoRegion(vehicle.lastLocation.lat, vehicle.lastLocation.lng, 0);
  for (let i = 0; i < count; i += 1) {
    const avg = 14 + r.float(i, 3) * 26;
    // Where the trip starts: the road nearest to a spot 40-80% of a planned 6-95 minutes' drive away (streets wind,
    // at most ~14 km), so trips start and end where the basemap draws a road. Its distance is the way along the
    // roads that its route plays back, and its duration that distance at its average speed.
    const plannedKm = (avg * r.int(i, 2, 6, 95)) / 60;
    const reach = Math.min(0.13, plannedKm * (0.4 + r.float(i, 8) * 0.4) * DEG_PER_KM);
    let startPlace = endPlace;
    let routeKm = 0;
    for (let turn = 0; turn < 6 && routeKm < MIN_TRIP_KM; turn += 1) {
      // Another direction when the nearest road leads back to where the trip ends.
      const angle = r.float(i, 7) * Math.PI * 2 + (turn * Math.PI) / 3;
      startPlace = nearestRoadPoint(endPlace.lat + Math.sin(angle) * reach, endPlace.lng + Math.cos(angle) * reach);
      const route = roadRoute(
        [round6(startPlace.lng), round6(startPlace.lat)],
        [round6(endPlace.lng), round6(endPlace.lat)],
      );
      routeKm = pathMetres(route) / 1000;
    }
    const distanceKm = Math.max(0.1, round1(routeKm));
    const durationMin = Math.max(2, Math.round((routeKm / avg) * 60));
    const running = i === 0 && vehicle.isLive && [64, 66, 67].includes(Number(vehicle.stateCode));
    const startedAt = running ? now - durationMin * 60_000 : end - durationMin * 60_000;
    rows.push({
      id: `${vehicle.id}-trip-${pad(count - i, 3)}`,
      vehicleId: vehicle.id,
      status: running ? 1 : r.pick(i, 4, RUN_STATUSES),
      startedAt,
      endedAt: running ? null : startedAt + durationMin * 60_000,
      distanceKm,
      durationMin,
      energyKwh: Math.round(distanceKm * (0.025 + r.float(i, 5) * 0.02) * 100) / 100,
      avgSpeedKmh: Math.round(avg * 10) / 10,
      maxSpeedKmh: Math.round((avg + 10 + r.float(i, 6) * 25) * 10) / 10,
      start: { lat: round6(startPlace.lat), lng: round6(startPlace.lng) },
      end: { lat: round6(endPlace.lat), lng: round6(endPlace.lng) },
    });
    endPlace = startPlace;
    end = startedAt - r.int(i, 11, 1, 36) * TIME.HOUR;
  }
  return rows;
}

/** The charge/discharge cycles of a BMS, newest first (index counts up from its first cycle). */
export function batteryCyclesOf(seed: number, bms: Device, now: number): BatteryCycleRow[] {
  const r = createRng(seed ^ hashString(bms.id), 'cycles');
  const total = bms.bms?.cycleCount ?? 0;
  const count = Math.min(total, 120);
  const capacityKwh = ((bms.bms?.capacityAh ?? 40) * (bms.bms?.nominalVoltage ?? 51.2)) / 1000;
  const rows: BatteryCycleRow[] = [];
  let end = now - r.int(0, 0, 1, 20) * TIME.HOUR;
  for (let i = 0; i < count; i += 1) {
    const hours = r.int(i, 1, 3, 30);
    const startSoc = Math.round((60 + r.float(i, 2) * 40) * 10) / 10;
    const endSoc = Math.round(r.float(i, 3) * 40 * 10) / 10;
    const running = i === 0 && bms.isLive;
    const startedAt = (running ? now : end) - hours * TIME.HOUR;
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

function round6(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

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
  for (let i = 0; i < n; i += 1) {
    const progress = i / (n - 1);
    const soc = cycle.startSoc + (cycle.endSoc - cycle.startSoc) * progress;
    const base = cycle.minCellVoltage + (cycle.maxCellVoltage - cycle.minCellVoltage) * (soc / 100);
    const voltages: number[] = [];
    const temperatures: number[] = [];
    for (let c = 0; c < cellCount; c += 1) {
      const offset = (r.float(c, 1) - 0.5) * 0.02 - (c === weak ? 0.04 * progress : 0);
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
