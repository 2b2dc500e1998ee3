import { FIRST_NAMES, LAST_NAMES, OEM_NAMES } from '../catalog';
import { createRng, pad, type Rng } from '../prng';
import type { Device, DeviceKind, TableName, WorldRows } from '../types';

export interface WorldOptions {
  /** Any integer; the same seed and size give the same world. */
  seed: number;
  /** Number of vehicles (1 to 100,000). */
  size: number;
  /** The world's "now" in epoch ms: last-seen times and histories are relative to it. Default: a fixed instant. */
  referenceTime?: number;
}

export const DEFAULT_SEED = 1;
export const DEFAULT_SIZE = 300;
export const MAX_SIZE = 100_000;
/** 2026-01-01T00:00:00Z: the default "now" keeps worlds equal across days (tests, bug reports). */
export const DEFAULT_REFERENCE_TIME = Date.UTC(2026, 0, 1);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Hours and days in ms, for the seeders and the histories generated on demand. */
export const TIME = { HOUR, DAY } as const;

/** How many of each organisation a world of a given size holds; ids are positional, so this is the whole layout. */
export interface WorldLayout {
  oems: number;
  dealersPerOem: number;
  fleetsPerOem: number;
  driversPerFleet: number;
  evOwners: number;
  vehicles: number;
  spareDevicesPerType: number;
}

export function layoutFor(size: number): WorldLayout {
  const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));
  const oems = clamp(3 + Math.floor(size / 20_000), 3, OEM_NAMES.length);
  return {
    oems,
    dealersPerOem: clamp(Math.ceil(size / (oems * 60)), 2, 400),
    fleetsPerOem: clamp(Math.ceil(size / (oems * 120)), 2, 200),
    driversPerFleet: 4,
    evOwners: Math.max(10, Math.round(size * 0.35)),
    vehicles: size,
    spareDevicesPerType: Math.max(5, Math.round(size * 0.02)),
  };
}

/**
 * An id maker whose ids are made once each: ids that many rows share (an OEM, dealer, fleet or model of 100,000
 * vehicles and their devices) are then one string, not one copy per row (~24 bytes each, a few MB of the page's heap).
 */
function sharedIds(make: (i: number) => string): (i: number) => string {
  const made: string[] = [];
  return (i) => {
    made[i] ??= make(i);
    return made[i];
  };
}

const modelIds = {
  EV: sharedIds((i) => `mdl-ev-${pad(i + 1, 3)}`),
  BMS: sharedIds((i) => `mdl-bms-${pad(i + 1, 3)}`),
  MCU: sharedIds((i) => `mdl-mcu-${pad(i + 1, 3)}`),
  VCU: sharedIds((i) => `mdl-vcu-${pad(i + 1, 3)}`),
} satisfies Record<DeviceKind, (i: number) => string>;

/** The positional ids of the world: row `i` of a table has id `ids.<table>(i)` in every world. */
export const ids = {
  oem: sharedIds((i) => `oem-${pad(i + 1, 2)}`),
  dealer: sharedIds((i) => `dlr-${pad(i + 1, 4)}`),
  fleet: sharedIds((i) => `flt-${pad(i + 1, 4)}`),
  driver: (i: number) => `drv-${pad(i + 1, 5)}`,
  evOwner: (i: number) => `evo-${pad(i + 1, 6)}`,
  vehicle: (i: number) => `veh-${pad(i + 1, 6)}`,
  device: (type: Device['type'], i: number) => `${type.toLowerCase()}-${pad(i + 1, 6)}`,
  sim: (i: number) => `sim-${pad(i + 1, 6)}`,
  model: (kind: DeviceKind, i: number) => modelIds[kind](i),
};

/** Models per OEM and kind. */
export const MODELS_PER_OEM: Record<DeviceKind, number> = { EV: 3, BMS: 2, MCU: 2, VCU: 2 };

/** The index of an OEM's `r`-th model of a kind (models of a kind are numbered OEM by OEM). */
export function modelIndex(kind: DeviceKind, oem: number, r: number): number {
  return oem * MODELS_PER_OEM[kind] + r;
}

/** Where vehicle `i` belongs: computed from the seed alone, so any seeder can ask without the vehicles' rows. */
export interface VehiclePlacement {
  oem: number;
  dealer: number | null;
  fleet: number | null;
  driver: number | null;
  evOwner: number | null;
  evModel: number;
  bmsModel: number;
  mcuModel: number;
  vcuModel: number;
}

/** What every seeder is given: the world's options, its layout and the pure helpers derived from the seed. */
export interface SeedContext {
  seed: number;
  /** Vehicles, clamped to 1..MAX_SIZE. */
  size: number;
  /** The world's "now" in epoch ms. */
  now: number;
  layout: WorldLayout;
  /** The random source of one salt under the world's seed (`createRng(seed, salt)`). */
  rng(salt: string): Rng;
  /** Where vehicle `i` belongs (OEM, dealer, fleet, driver, owner, models), from the seed alone. */
  placement(vehicleIndex: number): VehiclePlacement;
}

/** The rows of every table, as the seeders make them. */
export type SeededRows = { [K in TableName]: WorldRows[K][] };

/**
 * A seeder: a pure function from the world's context and the rows of the tables it needs (all seeded before it) to
 * the rows of its table. It writes nowhere; the demo store and the database insert what it returns.
 */
export type Seeder<K extends TableName, N extends TableName = never> = (
  ctx: SeedContext,
  prior: Readonly<Pick<SeededRows, N>>,
) => SeededRows[K];

/** The clamped options of a world and its seed context. */
export function createSeedContext(options: WorldOptions): SeedContext {
  const seed = Math.trunc(options.seed);
  const size = Math.max(1, Math.min(MAX_SIZE, Math.trunc(options.size)));
  const now = options.referenceTime ?? DEFAULT_REFERENCE_TIME;
  const layout = layoutFor(size);
  const r = createRng(seed, 'placement');
  function placement(i: number): VehiclePlacement {
    const oem = r.int(i, 0, 0, layout.oems - 1);
    const dealerOf = (k: number) => oem + layout.oems * k;
    let dealer: number | null = dealerOf(r.int(i, 1, 0, layout.dealersPerOem - 1));
    let fleet: number | null = null;
    let driver: number | null = null;
    let evOwner: number | null = null;
    const own = r.float(i, 2);
    if (own < 0.45) {
      fleet = oem + layout.oems * r.int(i, 3, 0, layout.fleetsPerOem - 1);
      if (r.chance(i, 4, 0.7)) driver = fleet * layout.driversPerFleet + r.int(i, 5, 0, layout.driversPerFleet - 1);
    } else if (own < 0.9) {
      evOwner = r.int(i, 6, 0, layout.evOwners - 1);
    } else if (r.chance(i, 7, 0.3)) {
      dealer = null;
    }
    // The demo users act for the first dealer, fleet, driver and EV owner: give each of them vehicles in any world.
    if (i === 0) ({ dealer, fleet, driver, evOwner } = { dealer: 0, fleet: null, driver: null, evOwner: 0 });
    if (i === 1) ({ dealer, fleet, driver, evOwner } = { dealer: 0, fleet: 0, driver: 0, evOwner: null });
    const forced = i < 2 ? 0 : oem;
    return {
      oem: forced,
      dealer,
      fleet,
      driver,
      evOwner,
      evModel: modelIndex('EV', forced, r.int(i, 8, 0, MODELS_PER_OEM.EV - 1)),
      bmsModel: modelIndex('BMS', forced, r.int(i, 9, 0, MODELS_PER_OEM.BMS - 1)),
      mcuModel: modelIndex('MCU', forced, r.int(i, 10, 0, MODELS_PER_OEM.MCU - 1)),
      vcuModel: modelIndex('VCU', forced, r.int(i, 11, 0, MODELS_PER_OEM.VCU - 1)),
    };
  }
  return { seed, size, now, layout, rng: (salt) => createRng(seed, salt), placement };
}

/** When row `i` was created: 30 to 900 days before now (draw 20 of the row). */
export function createdAtOf(ctx: SeedContext, r: Rng, i: number): number {
  return ctx.now - r.int(i, 20, 30, 900) * DAY;
}

export function personName(r: Rng, i: number): string {
  return `${r.pick(i, 0, FIRST_NAMES)} ${r.pick(i, 1, LAST_NAMES)}`;
}

export function phone(r: Rng, i: number): string {
  return `+91 9${pad(r.int(i, 9, 0, 999_999_999), 9)}`;
}

const STREETS = ['MG Road', 'Station Road', 'Ring Road', 'Lake View', 'Industrial Estate', 'Market Street'];

/** A street address in `city` (draws 13 and 14 of row i: no other field of an organisation uses them). */
export function address(r: Rng, i: number, city: string): string {
  return `${r.int(i, 13, 1, 240)}, ${r.pick(i, 14, STREETS)}, ${city}`;
}
