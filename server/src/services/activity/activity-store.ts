import type { AuditStore } from '../audit/audit-chain';
import type { CarbonSettingsStore } from '../carbon-settings/carbon-settings-store';
import type { Schemas } from '../lib/api-types';
import type { VehicleScope } from '../vehicles/vehicle-scope';

/** What vehicles did over some days (decision 0114): sums of the per-vehicle, per-day roll-up. */
export interface ActivityTotals {
  /** Hours in service and reporting. */
  reportingHours: number;
  drivingHours: number;
  distanceKm: number;
  /** Energy the driving took (kWh). */
  energyKwh: number;
  trips: number;
  chargeSessions: number;
  /** Energy charging put back into the packs (kWh). */
  chargedKwh: number;
  /** State of charge the driving took (percentage points). */
  socUsedPct: number;
  /** Sums of the state of charge at the start and at the end of the charging sessions counted. */
  plugInSocSum: number;
  unplugSocSum: number;
}

/** The sums of one UTC day (`YYYY-MM-DD`). */
export interface ActivityDay extends ActivityTotals {
  date: string;
}

/** One vehicle's sums over the days, with what the carbon figures need to know of it. */
export interface VehicleActivity extends ActivityTotals {
  vehicleId: string;
  registrationNumber: string;
  vehicleType: Schemas['VehicleType'];
  fleetId: string | null;
  fleetName: string | null;
  /** The city of its fleet, and of its EV owner (null where it has none). */
  fleetCity: string | null;
  ownerCity: string | null;
}

/** UTC days, both ends included (`YYYY-MM-DD`). */
export interface DaySpan {
  first: string;
  last: string;
}

/**
 * A store that replays histories instead of reading stored rows (the demo) may sum a deterministic sample of at most
 * this many vehicles and say how many it summed; one that reads rows sums them all.
 */
export interface SampleOption {
  sampleAbove: number;
}

/** What the analysis compares: vehicles, models or fleets (a vehicle's id, its model's, its fleet's). */
export type GroupBy = Schemas['AnalysisGroupBy'];

/** A subject as stored, with what its option's detail line names. */
export interface SubjectRow {
  id: string;
  name: string;
  /** A vehicle's VIN and model's name; a model's OEM's name; a fleet's city (null where it does not apply). */
  vin: string | null;
  modelName: string | null;
  oemName: string | null;
  city: string | null;
}

/** Storage of the per-vehicle, per-day activity roll-up. Every read takes the caller's vehicle scope. */
export interface ActivityStore {
  /** The first and last day the roll-up holds; undefined when it holds none. */
  heldDays(): Promise<DaySpan | undefined>;
  /** The subjects with a vehicle in the scope (of `ids` when given), in no particular order. */
  subjects(scope: VehicleScope, groupBy: GroupBy, ids?: readonly string[]): Promise<SubjectRow[]>;
  /**
   * Each subject (of `ids` when given) with a vehicle in the scope: how many, and their sums over the span (zeros
   * for those that did nothing in it).
   */
  groupTotals(
    scope: VehicleScope,
    span: DaySpan,
    groupBy: GroupBy,
    ids?: readonly string[],
  ): Promise<(ActivityTotals & { subjectId: string; vehicles: number })[]>;
  /** The sums per subject of `ids` and day of the span over their vehicles in the scope (a day without rows absent). */
  groupDays(
    scope: VehicleScope,
    span: DaySpan,
    groupBy: GroupBy,
    ids: readonly string[],
  ): Promise<(ActivityDay & { subjectId: string })[]>;
  /** Faults raised in [from, to] on the vehicles in the scope of each subject of `ids` (a subject with none absent). */
  faultCounts(
    scope: VehicleScope,
    groupBy: GroupBy,
    ids: readonly string[],
    range: { from: Date; to: Date },
  ): Promise<{ subjectId: string; faults: number }[]>;
  /**
   * The vehicles in the scope, and the sums of each day of the span over the ones summed (all of them, or a sample:
   * `summed`). A day nobody reported on may be absent.
   */
  fleetDays(
    scope: VehicleScope,
    span: DaySpan,
    options: SampleOption,
  ): Promise<{ vehicles: number; summed: number; days: ActivityDay[] }>;
  /**
   * The vehicles in the scope (of the fleet, when given), and each summed one's sums over the span (zeros for a
   * vehicle that did nothing in it), in no particular order.
   */
  vehicleTotals(
    scope: VehicleScope,
    span: DaySpan,
    options: SampleOption & { fleetId?: string },
  ): Promise<{ vehicles: number; rows: VehicleActivity[] }>;
}

export interface ActivityDeps {
  activity: ActivityStore;
  /** The carbon settings the caller's organisation saved (decision 0094), which the CO2 figures use. */
  carbon: Pick<CarbonSettingsStore, 'get' | 'seededContract'>;
  now: () => Date;
  /** Runs `work` in one transaction with the audit log (an export's entry). */
  transact<T>(work: (tx: { audit: AuditStore }) => Promise<T>): Promise<T>;
}

export const ZERO_TOTALS: ActivityTotals = {
  reportingHours: 0,
  drivingHours: 0,
  distanceKm: 0,
  energyKwh: 0,
  trips: 0,
  chargeSessions: 0,
  chargedKwh: 0,
  socUsedPct: 0,
  plugInSocSum: 0,
  unplugSocSum: 0,
};

/** The sum of two totals. */
export function addTotals(a: ActivityTotals, b: ActivityTotals): ActivityTotals {
  const out = { ...a };
  for (const key of Object.keys(ZERO_TOTALS) as (keyof ActivityTotals)[]) out[key] += b[key];
  return out;
}
