import type { RoleCode } from '@/domain/roles';
import { ROLE_CODES } from '@/domain/roles';
import { COMMAND_DEFAULT_EXPIRY_S, samplePayload } from '@/domain/command-params';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { createStartPositions } from '../live/fleet-simulator.js';
import {
  BMS_MODEL_NAMES,
  CITIES,
  COUNTRIES,
  EV_MODEL_NAMES,
  FIRST_NAMES,
  FLEET_KINDS,
  FLEET_WORDS,
  LAST_NAMES,
  MCU_MODEL_NAMES,
  OEM_NAMES,
  SIM_OPERATORS,
  VCU_MODEL_NAMES,
} from './catalog';
import { DEMO_PASSWORD, demoEmailFor } from './demo-users';
import { seedTickets } from './tickets';
import { SEEDED_RELEASE_VERSIONS, seedFirmwareReleases, seedFirmwareRollouts, seedOtaHistory } from './firmware';
import { seedGeofences } from './geofences';
import { seedAccessGrants, seedApiKeys, seedCompanySettings, seedDeviceGroups, seedRoles } from './access';
import {
  MASTER_STATES,
  MODEL_COMMANDS,
  MODEL_CONFIGURATIONS,
  MODEL_FAULTS,
  TELEMETRY_TEMPLATES,
} from './model-catalog';
import { createRng, flat, pad } from './prng';
import { SEEDED_RULE_IDS, seedRules } from './rule-seed';
import { driveProfileOf, profileAt, RANGE_KM_PER_SOC } from './drive-profile';
import type {
  Command,
  Dealer,
  Device,
  DeviceKind,
  Driver,
  EvOwner,
  Fault,
  Fleet,
  Model,
  Notification,
  Oem,
  SimCard,
  UserRecord,
  Vehicle,
  WorldRows,
} from './types';

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
const MODELS_PER_OEM: Record<DeviceKind, number> = { EV: 3, BMS: 2, MCU: 2, VCU: 2 };
const MODEL_KINDS: readonly DeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
const CONNECTIVITY: Vehicle['connectivity'][] = ['Wi-Fi', 'GSM', '3G', '4G', '5G'];

/** Where vehicle `i` belongs: computed from the seed alone, so any table can ask without generating vehicles. */
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

/** A generated world: its options and one lazy generator per table. */
export interface World {
  seed: number;
  size: number;
  referenceTime: number;
  layout: WorldLayout;
  placement(vehicleIndex: number): VehiclePlacement;
  generate: { [K in keyof WorldRows]: () => WorldRows[K][] };
}

/** The command a firmware rollout sends to a device: install one release (the seeded history's OTA commands). */
function otaCommandFor(version: string): (typeof MODEL_COMMANDS)['BMS'][number] {
  return { code: 'OTA_INSTALL', name: `Install firmware ${version}`, description: 'Install a firmware release.' };
}

function personName(rng: ReturnType<typeof createRng>, i: number): string {
  return `${rng.pick(i, 0, FIRST_NAMES)} ${rng.pick(i, 1, LAST_NAMES)}`;
}

function phone(rng: ReturnType<typeof createRng>, i: number): string {
  return `+91 9${pad(rng.int(i, 9, 0, 999_999_999), 9)}`;
}

const STREETS = ['MG Road', 'Station Road', 'Ring Road', 'Lake View', 'Industrial Estate', 'Market Street'];

/** A street address in `city` (draws 13 and 14 of row i: no other field of an organisation uses them). */
function address(rng: ReturnType<typeof createRng>, i: number, city: string): string {
  return `${rng.int(i, 13, 1, 240)}, ${rng.pick(i, 14, STREETS)}, ${city}`;
}

/**
 * Generates the demo world for a seed and size. Nothing is built until a table is asked for, and each table is a pure
 * function of (seed, size), so the same options always give the same rows.
 */
export function createWorld(options: WorldOptions): World {
  const seed = Math.trunc(options.seed);
  const size = Math.max(1, Math.min(MAX_SIZE, Math.trunc(options.size)));
  const now = options.referenceTime ?? DEFAULT_REFERENCE_TIME;
  const layout = layoutFor(size);
  // Stored rows keep epoch ms; see Stored<T>.
  const iso = (ms: number) => ms;
  const createdAt = (rng: ReturnType<typeof createRng>, i: number) => iso(now - rng.int(i, 20, 30, 900) * DAY);

  const DEVICE_TYPES: readonly Device['type'][] = ['BMS', 'MCU', 'VCU', 'LOGGER'];
  const oemIds = Array.from({ length: layout.oems }, (_, i) => ids.oem(i));
  const dealerCount = layout.oems * layout.dealersPerOem;
  const fleetCount = layout.oems * layout.fleetsPerOem;
  const modelIndex = (kind: DeviceKind, oem: number, r: number) => oem * MODELS_PER_OEM[kind] + r;

  const placementRng = createRng(seed, 'placement');
  function placement(i: number): VehiclePlacement {
    const r = placementRng;
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

  function oems(): Oem[] {
    const r = createRng(seed, 'oems');
    return Array.from({ length: layout.oems }, (_, i) => ({
      id: ids.oem(i),
      name: OEM_NAMES[i] ?? `OEM ${i + 1}`,
      code: (OEM_NAMES[i] ?? `OEM${i}`).replace(/[^A-Z]/g, '').slice(0, 3) + pad(i + 1, 2),
      country: r.pick(i, 0, COUNTRIES),
      status: 1,
      createdAt: iso(now - (1200 - i) * DAY),
    }));
  }

  function dealers(): Dealer[] {
    const r = createRng(seed, 'dealers');
    return Array.from({ length: dealerCount }, (_, i) => {
      const city = r.pick(i, 0, CITIES);
      return {
        id: ids.dealer(i),
        name: `${city.name} Service Centre ${i + 1}`,
        code: `SC${pad(i + 1, 4)}`,
        oemId: ids.oem(i % layout.oems),
        city: city.name,
        email: `service${i + 1}@dealers.voltline.demo`,
        phone: phone(r, i),
        address: address(r, i, city.name),
        status: r.chance(i, 1, 0.95) ? 1 : 0,
        createdAt: createdAt(r, i),
      };
    });
  }

  function fleets(): Fleet[] {
    const r = createRng(seed, 'fleets');
    return Array.from({ length: fleetCount }, (_, i) => {
      const oem = i % layout.oems;
      return {
        id: ids.fleet(i),
        name: `${r.pick(i, 0, FLEET_WORDS)} ${r.pick(i, 1, FLEET_KINDS)} ${i + 1}`,
        oemId: ids.oem(oem),
        dealerId: ids.dealer(oem + layout.oems * r.int(i, 2, 0, layout.dealersPerOem - 1)),
        city: r.pick(i, 3, CITIES).name,
        email: `ops${i + 1}@fleets.voltline.demo`,
        phone: phone(r, i),
        address: address(r, i, r.pick(i, 3, CITIES).name),
        status: r.chance(i, 4, 0.95) ? 1 : 0,
        createdAt: createdAt(r, i),
      };
    });
  }

  function drivers(): Driver[] {
    const r = createRng(seed, 'drivers');
    return Array.from({ length: fleetCount * layout.driversPerFleet }, (_, i) => ({
      id: ids.driver(i),
      name: personName(r, i),
      fleetId: ids.fleet(Math.floor(i / layout.driversPerFleet)),
      phone: phone(r, i),
      licenseNumber: `DL${pad(r.int(i, 2, 0, 99), 2)}${pad(r.int(i, 3, 0, 99_999_999_999), 11)}`,
      email: null,
      licenseExpiresOn: new Date(now + r.int(i, 12, -60, 3 * 365) * DAY).toISOString().slice(0, 10),
      status: r.chance(i, 4, 0.93) ? 1 : 0,
      createdAt: createdAt(r, i),
    }));
  }

  function evOwners(): EvOwner[] {
    const r = createRng(seed, 'evOwners');
    return Array.from({ length: layout.evOwners }, (_, i) => {
      const name = personName(r, i);
      return {
        id: ids.evOwner(i),
        name,
        email: `${name.toLowerCase().replace(/\s+/g, '.')}.${i + 1}@owners.voltline.demo`,
        phone: phone(r, i),
        city: r.pick(i, 2, CITIES).name,
        address: address(r, i, r.pick(i, 2, CITIES).name),
        dealerId: i === 0 ? ids.dealer(0) : r.chance(i, 3, 0.8) ? ids.dealer(r.int(i, 4, 0, dealerCount - 1)) : null,
        status: r.chance(i, 5, 0.96) ? 1 : 0,
        createdAt: createdAt(r, i),
      };
    });
  }

  function users(): UserRecord[] {
    const r = createRng(seed, 'users');
    const created = iso(now - 400 * DAY);
    const scopeFor = (role: RoleCode): Partial<UserRecord> => {
      if (role === 'OEMA' || role === 'OEME') return { oemId: ids.oem(0) };
      if (role === 'DA' || role === 'DE') return { oemId: ids.oem(0), dealerId: ids.dealer(0) };
      if (role === 'FA' || role === 'FE') return { oemId: ids.oem(0), fleetId: ids.fleet(0) };
      if (role === 'DR') return { oemId: ids.oem(0), fleetId: ids.fleet(0), driverId: ids.driver(0) };
      if (role === 'EVO') return { evOwnerId: ids.evOwner(0) };
      return {};
    };
    // One named account per role code: the demo users of the login page are among them.
    const byRole: UserRecord[] = ROLE_CODES.map((role, i) => ({
      id: `usr-${role.toLowerCase()}`,
      name: `${personName(r, i)} (${role})`,
      email: demoEmailFor(role),
      role,
      ...scopeFor(role),
      status: 1,
      createdAt: created,
      password: DEMO_PASSWORD,
    }));
    // Staff of the other organisations, so every OEM, dealer and fleet can be signed into.
    const staff: UserRecord[] = [];
    const add = (id: string, role: RoleCode, scope: Partial<UserRecord>, k: number) => {
      staff.push({
        id,
        name: personName(r, 1000 + k),
        email: `${id}@staff.voltline.demo`,
        role,
        ...scope,
        status: 1,
        createdAt: created,
        password: DEMO_PASSWORD,
      });
    };
    let k = 0;
    for (let o = 0; o < layout.oems; o += 1) add(`usr-oem-${pad(o + 1, 2)}`, 'OEMA', { oemId: ids.oem(o) }, k++);
    for (let d = 0; d < dealerCount; d += 1) {
      add(`usr-dlr-${pad(d + 1, 4)}`, 'DA', { oemId: ids.oem(d % layout.oems), dealerId: ids.dealer(d) }, k++);
    }
    for (let f = 0; f < fleetCount; f += 1) {
      add(`usr-flt-${pad(f + 1, 4)}`, 'FA', { oemId: ids.oem(f % layout.oems), fleetId: ids.fleet(f) }, k++);
    }
    return [...byRole, ...staff];
  }

  function models(): Model[] {
    const r = createRng(seed, 'models');
    const rows: Model[] = [];
    for (const kind of MODEL_KINDS) {
      const names = { EV: EV_MODEL_NAMES, BMS: BMS_MODEL_NAMES, MCU: MCU_MODEL_NAMES, VCU: VCU_MODEL_NAMES }[kind];
      for (let oem = 0; oem < layout.oems; oem += 1) {
        for (let m = 0; m < MODELS_PER_OEM[kind]; m += 1) {
          const i = modelIndex(kind, oem, m);
          const key = rows.length;
          const base = names[(oem + m) % names.length] ?? kind;
          const model: Model = {
            id: ids.model(kind, i),
            kind,
            name: `${base} ${kind === 'EV' ? '' : `${kind} `}${oem + 1}.${m + 1}`.replace(/\s+/g, ' '),
            code: `${kind}-${pad(oem + 1, 2)}-${m + 1}`,
            oemId: ids.oem(oem),
            status: 1,
            configurationStep: 6,
            masterData: { states: MASTER_STATES[kind].map((s) => ({ ...s })) },
            commands: MODEL_COMMANDS[kind].map((c) => structuredClone(c)),
            faults: MODEL_FAULTS[kind].map((f) => ({ ...f })),
            telemetryTemplate: TELEMETRY_TEMPLATES[kind].map((t) => ({ ...t })),
            configuration: { ...MODEL_CONFIGURATIONS[kind] },
            createdAt: createdAt(r, key),
            updatedAt: createdAt(r, key),
          };
          if (kind === 'EV') model.vehicleType = r.chance(key, 1, 0.7) ? '2 Wheeler' : '3 Wheeler';
          if (kind === 'BMS') {
            const chemistry = r.pick(key, 2, [0, 1, 1, 3] as const);
            model.bms = {
              chemistry,
              cooling: r.pick(key, 3, [1, 2, 3, 4] as const),
              cellCount: r.pick(key, 4, [16, 20, 24]),
              nominalVoltage: chemistry === 1 ? 51.2 : 60,
              capacityAh: r.pick(key, 5, [30, 40, 50, 60]),
            };
          }
          if (kind === 'MCU')
            model.mcu = { motorType: r.pick(key, 6, [0, 1, 2] as const), ratedPowerKw: r.pick(key, 7, [2, 3, 5, 7.5]) };
          rows.push(model);
        }
      }
      // A draft in the middle of the configuration flow, so "resume" has something to resume.
      if (kind === 'EV') {
        const draft: Model = {
          ...(rows[rows.length - 1] as Model),
          id: ids.model('EV', 999),
          name: 'Prototype (draft)',
          code: 'EV-DRAFT-1',
          status: 0,
          configurationStep: 3,
          commands: [],
          faults: [],
          telemetryTemplate: [],
        };
        // Step 5 is still ahead of this draft, so it has no configuration yet.
        delete draft.configuration;
        rows.push(draft);
      }
    }
    return rows;
  }

  const modelVehicleType = (() => {
    let cache: Map<number, Vehicle['vehicleType']> | undefined;
    return (evModel: number) => {
      cache ??= new Map(
        models()
          .filter((m) => m.kind === 'EV' && m.vehicleType)
          .map((m) => [Number(m.id.slice(-3)) - 1, m.vehicleType as Vehicle['vehicleType']]),
      );
      return cache.get(evModel) ?? '2 Wheeler';
    };
  })();

  function vehicles(): Vehicle[] {
    const r = createRng(seed, 'vehicles');
    const rows = new Array<Vehicle>(size);
    // Last locations lie on the demo region's roads, where the live simulator starts the same vehicle: the
    // overview, the trip and location maps and the live map then show one place, on the bundled basemap.
    const startOf = createStartPositions(DEMO_REGION);
    for (let i = 0; i < size; i += 1) {
      const p = placement(i);
      const start = startOf(ids.vehicle(i));
      const isLive = r.chance(i, 1, 0.35);
      const lastSeen = isLive ? now - r.int(i, 2, 5, 300) * 1000 : now - r.int(i, 2, 10, 60 * 24 * 14) * 60_000;
      const created = createdAt(r, i);
      // The vehicle as its drive profile (its telemetry history, and the live simulator) has it when last seen: the
      // list, the details, the live view and the history agree (issue 18 item 1, decision 0103). An offline vehicle
      // keeps what it reported last.
      const last = profileAt(driveProfileOf(seed, ids.vehicle(i)), lastSeen);
      const soc = Math.round(last.soc * 10) / 10;
      rows[i] = {
        id: ids.vehicle(i),
        vin: flat('MD', String.fromCharCode(65 + p.oem), pad(i + 1, 9), pad(r.int(i, 3, 0, 99_999), 5)),
        registrationNumber: flat(
          'KA',
          pad(r.int(i, 4, 1, 99), 2),
          'E',
          String.fromCharCode(65 + r.int(i, 5, 0, 25)),
          pad(i + 1, 6),
        ),
        vehicleType: modelVehicleType(p.evModel),
        modelId: ids.model('EV', p.evModel),
        oemId: oemIds[p.oem] ?? ids.oem(p.oem),
        dealerId: p.dealer === null ? null : ids.dealer(p.dealer),
        fleetId: p.fleet === null ? null : ids.fleet(p.fleet),
        evOwnerId: p.evOwner === null ? null : ids.evOwner(p.evOwner),
        driverId: p.driver === null ? null : ids.driver(p.driver),
        connectivity: r.pick(i, 6, CONNECTIVITY),
        stateCode: last.stateCode as Vehicle['stateCode'],
        isLive,
        lastSeenAt: iso(lastSeen),
        status: r.chance(i, 8, 0.94) ? 1 : 0,
        soc,
        rangeKm: Math.round(soc * RANGE_KM_PER_SOC * 10) / 10,
        odometerKm: Math.round(last.odometer * 100) / 100,
        healthRating: r.pick(i, 12, [1, 1, 2, 2, 2, 3, 3, 4, 5] as const),
        lastLocation: { lat: start.lat, lng: start.lon },
        bmsId: ids.device('BMS', i),
        mcuId: ids.device('MCU', i),
        vcuId: ids.device('VCU', i),
        loggerId: ids.device('LOGGER', i),
        simId: ids.sim(i),
        createdAt: created,
        updatedAt: created,
      };
    }
    return rows;
  }

  /** The devices of one type: fitted ones share the index of their vehicle, spares follow. */
  function devicesOf(type: Device['type']): Device[] {
    const t = DEVICE_TYPES.indexOf(type);
    const r = createRng(seed, 'devices');
    const vr = createRng(seed, 'vehicles');
    const modelsById = new Map(models().map((m) => [m.id, m]));
    const total = size + layout.spareDevicesPerType;
    const rows = new Array<Device>(total);
    for (let i = 0; i < total; i += 1) {
      const k = t * total + i;
      const fitted = i < size;
      const p = fitted ? placement(i) : null;
      const oem = p ? p.oem : i % layout.oems;
      const modelNo =
        type === 'BMS'
          ? (p?.bmsModel ?? modelIndex('BMS', oem, 0))
          : type === 'MCU'
            ? (p?.mcuModel ?? modelIndex('MCU', oem, 0))
            : type === 'VCU'
              ? (p?.vcuModel ?? modelIndex('VCU', oem, 0))
              : null;
      const modelId = modelNo === null ? null : ids.model(type as DeviceKind, modelNo);
      // A fitted device is live when its vehicle is, and was last seen with it.
      const isLive = fitted ? vr.chance(i, 1, 0.35) : false;
      const lastSeen = fitted
        ? isLive
          ? now - vr.int(i, 2, 5, 300) * 1000
          : now - vr.int(i, 2, 10, 60 * 24 * 14) * 60_000
        : now - r.int(k, 0, 30, 200) * DAY;
      const created = createdAt(r, k);
      const device: Device = {
        id: ids.device(type, i),
        type,
        serialNumber: flat(
          type === 'LOGGER' ? 'LG' : type,
          pad(oem + 1, 2),
          pad(r.int(k, 1, 0, 9999), 4),
          pad(i + 1, 6),
        ),
        modelId,
        oemId: oemIds[oem] ?? ids.oem(oem),
        vehicleId: fitted ? ids.vehicle(i) : null,
        firmwareVersion: `${r.int(k, 2, 1, 3)}.${r.int(k, 3, 0, 9)}.${r.int(k, 4, 0, 20)}`,
        status: r.chance(k, 5, 0.95) ? 1 : 0,
        state: isLive ? r.pick(k, 6, [1, 2, 2, 2, 3, 4, 5, 6] as const) : r.pick(k, 6, [0, 0, 'F'] as const),
        isLive,
        lastSeenAt: iso(lastSeen),
        createdAt: created,
        updatedAt: created,
      };
      const model = modelId ? modelsById.get(modelId) : undefined;
      if (type === 'BMS' && model?.bms) {
        device.bms = {
          ...model.bms,
          // A fitted pack reports its vehicle's charge (as the list has it); a spare one, its own.
          soc: fitted
            ? Math.round(profileAt(driveProfileOf(seed, ids.vehicle(i)), lastSeen).soc * 10) / 10
            : Math.round(r.float(k, 7) * 1000) / 10,
          soh: Math.round((75 + r.float(k, 8) * 25) * 10) / 10,
          cycleCount: r.int(k, 9, 0, 1500),
        };
      }
      if (type === 'MCU' && model?.mcu) device.mcu = { ...model.mcu };
      if (type === 'LOGGER') device.imei = flat('35', pad(r.int(k, 10, 0, 999_999), 6), pad(i + 1, 7));
      rows[i] = device;
    }
    return rows;
  }

  function sims(): SimCard[] {
    const r = createRng(seed, 'sims');
    const total = size + layout.spareDevicesPerType;
    return Array.from({ length: total }, (_, i) => {
      const created = createdAt(r, i);
      return {
        id: ids.sim(i),
        iccid: flat('8991', pad(r.int(i, 0, 0, 99_999), 5), pad(i + 1, 10)),
        msisdn: flat('+91 7', pad(r.int(i, 1, 0, 999_999_999), 9)),
        operator: r.pick(i, 2, SIM_OPERATORS),
        loggerId: i < size ? ids.device('LOGGER', i) : null,
        status: r.chance(i, 3, 0.96) ? 1 : 0,
        createdAt: created,
        updatedAt: created,
      };
    });
  }

  function faults(): Fault[] {
    const r = createRng(seed, 'faults');
    const rows: Fault[] = [];
    const kinds: readonly DeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
    for (let i = 0; i < size; i += 1) {
      if (!r.chance(i, 0, 0.3)) continue;
      const count = r.int(i, 1, 1, 3);
      for (let n = 0; n < count; n += 1) {
        const f = 2 + n * 8;
        const kind = r.pick(i, f, kinds);
        const def = r.pick(i, f + 1, MODEL_FAULTS[kind]);
        const occurred = now - r.int(i, f + 2, 1, 60 * 24 * 30) * 60_000;
        const cleared = r.chance(i, f + 3, 0.55) ? occurred + r.int(i, f + 4, 1, 600) * 60_000 : null;
        const acknowledged = r.chance(i, f + 5, 0.4) ? occurred + r.int(i, f + 6, 1, 120) * 60_000 : null;
        rows.push({
          id: `flt-evt-${pad(rows.length + 1, 7)}`,
          vehicleId: ids.vehicle(i),
          deviceId: kind === 'EV' ? null : ids.device(kind, i),
          deviceKind: kind,
          code: def.code,
          name: def.name,
          kind: def.kind,
          scope: def.scope,
          severity: def.severity,
          occurredAt: iso(occurred),
          clearedAt: cleared === null || cleared > now ? null : iso(cleared),
          acknowledgedAt: acknowledged === null || acknowledged > now ? null : iso(acknowledged),
          acknowledgedBy: acknowledged === null || acknowledged > now ? null : 'usr-sa',
        });
      }
    }
    return rows;
  }

  function commands(): Command[] {
    const r = createRng(seed, 'commands');
    const rows: Command[] = [];
    const kinds: readonly DeviceKind[] = ['EV', 'BMS', 'MCU', 'VCU'];
    const firmwareKinds: readonly DeviceKind[] = ['BMS', 'MCU', 'VCU'];
    for (let i = 0; i < size; i += 1) {
      if (!r.chance(i, 0, 0.4)) continue;
      const count = r.int(i, 1, 1, 4);
      for (let n = 0; n < count; n += 1) {
        const f = 2 + n * 6;
        const kind = r.pick(i, f + 4, ['Device', 'Device', 'Device', 'Rule', 'OTA'] as const);
        // A firmware rollout sends only its install command, and only to a device (never to the vehicle as a whole).
        const deviceKind = kind === 'OTA' ? r.pick(i, f, firmwareKinds) : r.pick(i, f, kinds);
        const def =
          kind === 'OTA'
            ? otaCommandFor(r.pick(i, f + 1, SEEDED_RELEASE_VERSIONS))
            : r.pick(i, f + 1, MODEL_COMMANDS[deviceKind]);
        const sentAt = now - r.int(i, f + 2, 10, 60 * 24 * 30) * 60_000;
        const failed = r.chance(i, f + 3, 0.15);
        const acknowledgedAt = sentAt + r.int(i, f + 5, 1, 30) * 1000;
        rows.push({
          id: `cmd-${pad(rows.length + 1, 7)}`,
          vehicleId: ids.vehicle(i),
          deviceId: deviceKind === 'EV' ? null : ids.device(deviceKind, i),
          deviceKind,
          code: def.code,
          name: def.name,
          kind,
          status: failed ? 3 : 2,
          sentAt,
          acknowledgedAt,
          sentBy: kind === 'Device' ? 'usr-sa' : null,
          ruleId: kind === 'Rule' ? SEEDED_RULE_IDS.criticalFaults(ids.oem(placement(i).oem)) : null,
          payload: samplePayload(def.parameters),
          expiresAt: sentAt + COMMAND_DEFAULT_EXPIRY_S * 1000,
          failureReason: failed ? 'Rejected by the device' : null,
        });
      }
    }
    return rows;
  }

  /**
   * What the seeded rules sent: one notification per fault of severity High or above, a few seconds after it, by its
   * OEM's "Critical faults" or "High severity faults" rule, with one outcome per delivery method (a few failed).
   */
  function notifications(): Notification[] {
    const r = createRng(seed, 'notifications');
    const rows: Notification[] = [];
    for (const fault of faults()) {
      if (fault.severity < 3) continue;
      const k = rows.length;
      const critical = fault.severity >= 4;
      const oemId = ids.oem(placement(Number(fault.vehicleId.slice(4)) - 1).oem);
      // Push + Web Alert always; critical faults also e-mail and SMS.
      const deliveryMethods = critical ? 1 | 2 | 4 | 16 : 1 | 16;
      const sentAt = fault.occurredAt + r.int(k, 0, 2, 30) * 1000;
      const acknowledged = fault.acknowledgedAt !== null ? Math.max(fault.acknowledgedAt, sentAt + 1000) : null;
      const deliveries = [1, 2, 4, 8, 16, 32]
        .filter((bit) => (deliveryMethods & bit) !== 0)
        .map((bit, m) => {
          const method = bit as 1 | 2 | 4 | 8 | 16 | 32;
          const failed = method === 4 && r.chance(k, 40 + m, 0.2);
          return {
            method,
            status: failed ? ('failed' as const) : method === 16 ? ('sent' as const) : ('delivered' as const),
            error: failed ? 'The SMS gateway rejected the number (error 21211).' : null,
            // Nested times stay ISO strings (only a row's own `...At` fields are stored as numbers).
            at: new Date(sentAt + r.int(k, 10 + m, 1, 20) * 1000).toISOString(),
          };
        });
      rows.push({
        id: `ntf-${pad(k + 1, 7)}`,
        vehicleId: fault.vehicleId,
        faultId: fault.id,
        ruleId: critical ? SEEDED_RULE_IDS.criticalFaults(oemId) : SEEDED_RULE_IDS.highFaults(oemId),
        ruleName: critical ? 'Critical faults' : 'High severity faults',
        deliveryMethods,
        title: fault.name,
        message: `${fault.deviceKind} reported ${fault.code} (${fault.name}).`,
        severity: fault.severity,
        sentAt,
        deliveries,
        acknowledgedAt: acknowledged,
        acknowledgedBy: acknowledged === null ? null : fault.acknowledgedBy,
        acknowledgedByName: null,
        clearedAt: fault.clearedAt,
        ticketRequested: critical,
      });
    }
    return rows;
  }

  function firmwareReleases() {
    return seedFirmwareReleases(
      seed,
      models(),
      oems().map((o) => o.id),
      now,
    );
  }

  function seededRollouts() {
    return seedFirmwareRollouts(
      firmwareReleases(),
      [...devicesOf('BMS'), ...devicesOf('MCU'), ...devicesOf('VCU')],
      now,
    );
  }

  return {
    seed,
    size,
    referenceTime: now,
    layout,
    placement,
    generate: {
      oems,
      dealers,
      fleets,
      evOwners,
      drivers,
      users,
      models,
      vehicles,
      bmsDevices: () => devicesOf('BMS'),
      mcuDevices: () => devicesOf('MCU'),
      vcuDevices: () => devicesOf('VCU'),
      loggers: () => devicesOf('LOGGER'),
      sims,
      faults,
      commands,
      notifications,
      audit: () => [],
      sessions: () => [],
      dashboards: () => [],
      geofences: () => seedGeofences(size, now),
      roles: () => seedRoles(now),
      deviceGroups: () => seedDeviceGroups(now),
      tickets: () =>
        seedTickets(
          seed,
          size,
          now,
          (i) => ({
            id: ids.vehicle(i),
            dealerId: placement(i).dealer === null ? null : ids.dealer(placement(i).dealer as number),
          }),
          faults,
          users().filter((u) => u.role === 'DA' || u.role === 'DE'),
        ),
      rules: () => seedRules(oems(), models(), now),
      firmwareReleases: firmwareReleases,
      firmwareRollouts: () => seededRollouts().rollouts,
      otaUpdates: () => [
        ...seedOtaHistory(
          seed,
          [...devicesOf('BMS'), ...devicesOf('MCU'), ...devicesOf('VCU'), ...devicesOf('LOGGER')],
          now,
        ),
        ...seededRollouts().updates,
      ],
      accessGrants: () =>
        seedAccessGrants(
          now,
          size,
          (i) => ({
            id: ids.vehicle(i),
            oemId: ids.oem(placement(i).oem),
            dealerId: placement(i).dealer === null ? null : ids.dealer(placement(i).dealer as number),
          }),
          models,
        ),
      apiKeys: () => seedApiKeys(now),
      companySettings: () => seedCompanySettings(now),
    },
  };
}

/** Hours in ms, exported for histories generated on demand. */
export const TIME = { HOUR, DAY } as const;
