/** What the analysis and carbon reports share: the data window, the range they read, the vehicles in scope, cached trips. */
import { TIME } from '../../world/seeders/context';
import type { WorldDb } from '../../world/db';
import { type DriveProfile, driveProfileOf, type ProfileDay, profileActivity } from '../../world/drive-profile';
import { type BatteryCycleRow, batteryCyclesOf, type TripRow, tripsOf } from '../../world/histories';
import type { Vehicle } from '../../world/types';
import type { AuthContext } from './auth-context';
import type { FieldErrors } from './body';
import { invalidQuery } from './http-error';
import { vehicleFilterFor } from './scope';

/** How far back trip histories reach (`tripsOf`): the data window. */
export const DATA_DAYS = 60;
/** The range asked for when none is given. */
export const DEFAULT_DAYS = 30;
/** Vehicles one answer may sum (each costs its trip history); more asks the caller to narrow the question. */
export const MAX_VEHICLES = 3000;

// Trip and cycle histories are pure functions of (seed, vehicle row, now): keep them per row object while it lives
// (an edited vehicle is a new object, so it is recomputed).
const tripCache = new WeakMap<object, { key: string; trips: TripRow[] }>();
const cycleCache = new WeakMap<object, { key: string; cycles: BatteryCycleRow[] }>();

export function tripsFor(db: WorldDb, vehicle: Vehicle): TripRow[] {
  const key = `${db.world.seed}:${db.world.referenceTime}`;
  const hit = tripCache.get(vehicle);
  if (hit?.key === key) return hit.trips;
  const trips = tripsOf(db.world.seed, vehicle, db.world.referenceTime);
  tripCache.set(vehicle, { key, trips });
  return trips;
}

const profileCache = new WeakMap<object, { seed: number; profile: DriveProfile }>();

/** A vehicle's drive profile (its day plans are cached with it while the row lives). */
export function profileFor(db: WorldDb, vehicle: Vehicle): DriveProfile {
  const hit = profileCache.get(vehicle);
  if (hit?.seed === db.world.seed) return hit.profile;
  const profile = driveProfileOf(db.world.seed, vehicle);
  profileCache.set(vehicle, { seed: db.world.seed, profile });
  return profile;
}

/**
 * What a vehicle did over [from, to) by UTC day, from its drive profile (issue 37 item 7): the time it was in service
 * and reporting, so from its `createdAt` to when it was last seen (an offline vehicle has told nothing since). The
 * dashboard's activity, utilisation, charging and CO2 panels and the carbon page sum these.
 */
/** Hours of [from, to) the vehicle was in service (from its `createdAt`) and reporting (up to when last seen). */
export function reportingHoursOf(vehicle: Vehicle, from: number, to: number): number {
  return Math.max(0, Math.min(to, vehicle.lastSeenAt) - Math.max(from, vehicle.createdAt)) / TIME.HOUR;
}

export function activityFor(
  db: WorldDb,
  vehicle: Vehicle,
  from: number,
  to: number,
): { days: Map<string, ProfileDay>; reportingHours: number } {
  const a = Math.max(from, vehicle.createdAt);
  const b = Math.min(to, vehicle.lastSeenAt);
  if (b <= a) return { days: new Map(), reportingHours: 0 };
  return { days: profileActivity(profileFor(db, vehicle), a, b), reportingHours: (b - a) / TIME.HOUR };
}

export function cyclesFor(db: WorldDb, vehicle: Vehicle): BatteryCycleRow[] {
  const bms = vehicle.bmsId ? db.tables.bmsDevices.get(vehicle.bmsId) : undefined;
  if (!bms) return [];
  const key = `${db.world.seed}:${db.world.referenceTime}`;
  const hit = cycleCache.get(bms);
  if (hit?.key === key) return hit.cycles;
  const cycles = batteryCyclesOf(db.world.seed, bms, db.world.referenceTime, vehicle);
  cycleCache.set(bms, { key, cycles });
  return cycles;
}

/** The instants the world holds trip data for. */
export function dataWindow(db: WorldDb): { from: number; to: number } {
  return { from: db.world.referenceTime - DATA_DAYS * TIME.DAY, to: db.world.referenceTime };
}

export const dayKey = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const isoDay = (ms: number) => dayKey(ms);

/**
 * The range of a request: absent means the last 30 days of data. A range ending before it starts, or leaving the data
 * window by more than the day it ends on (the page asks for whole days), is a field error; inside that slack it is
 * clamped to the window.
 */
export function readRange(url: URL, db: WorldDb, errors: FieldErrors): { from: number; to: number } {
  const window = dataWindow(db);
  const parse = (field: 'from' | 'to', fallback: number) => {
    const raw = url.searchParams.get(field);
    if (raw === null || raw === '') return fallback;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) errors.add(field, 'Enter a date and time (ISO 8601).');
    return ms;
  };
  const to = parse('to', window.to);
  const from = parse('from', Math.max(window.from, to - DEFAULT_DAYS * TIME.DAY));
  if (Number.isNaN(from) || Number.isNaN(to)) return { from: window.from, to: window.to };
  if (to < from) errors.add('to', 'The end of the range is before its start.');
  if (from < window.from - TIME.DAY)
    errors.add('from', `Data starts on ${isoDay(window.from)} (the last ${DATA_DAYS} days); pick a later start.`);
  else if (from > window.to) errors.add('from', `Data ends on ${isoDay(window.to)}; pick an earlier start.`);
  if (to > window.to + TIME.DAY) errors.add('to', `Data ends on ${isoDay(window.to)}; pick an earlier end.`);
  return { from: Math.max(from, window.from), to: Math.min(to, window.to) };
}

export function scopedVehicles(ctx: AuthContext, db: WorldDb): Vehicle[] {
  const inScope = vehicleFilterFor(ctx);
  const out: Vehicle[] = [];
  for (const v of db.tables.vehicles.values()) if (inScope(v)) out.push(v);
  return out;
}

/** Vehicles in the caller's scope the answer sums; more than MAX_VEHICLES is an invalid query asking to narrow it. */
export function checkVehicleCount(count: number, hint: string) {
  if (count > MAX_VEHICLES)
    throw invalidQuery(
      `This covers ${count.toLocaleString('en-GB')} vehicles; the demo sums at most ${MAX_VEHICLES.toLocaleString('en-GB')} at once. ${hint}`,
    );
}
