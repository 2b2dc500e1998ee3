import { describe, expect, test } from 'vitest';
import { TABLE_NAMES, type TableName } from '../types';
import { createSeedContext, type SeededRows } from './context';
import { SEEDERS, seedWorld } from './index';

const OPTIONS = { seed: 3, size: 80 };
const ctx = createSeedContext(OPTIONS);
const world = seedWorld(OPTIONS);
const order = SEEDERS.map((s) => s.table);
const DEVICE_TABLES: readonly TableName[] = ['bmsDevices', 'mcuDevices', 'vcuDevices', 'loggers'];

/** The fields that hold another row's id, and the tables that row may be in. */
const REFERENCES: Record<string, readonly TableName[]> = {
  oemId: ['oems'],
  dealerId: ['dealers'],
  fleetId: ['fleets'],
  driverId: ['drivers'],
  evOwnerId: ['evOwners'],
  modelId: ['models'],
  vehicleId: ['vehicles'],
  vehicleIds: ['vehicles'],
  deviceId: DEVICE_TABLES,
  loggerId: ['loggers'],
  faultId: ['faults'],
  ruleId: ['rules'],
  releaseId: ['firmwareReleases'],
  replacesReleaseId: ['firmwareReleases'],
  rolloutId: ['firmwareRollouts'],
  assigneeId: ['users'],
  userId: ['users'],
  acknowledgedBy: ['users'],
  sentBy: ['users'],
  roleId: ['roles'],
  bmsId: ['bmsDevices'],
  mcuId: ['mcuDevices'],
  vcuId: ['vcuDevices'],
  simId: ['sims'],
};
/** A vehicle names its fitted devices and SIM, seeded after it (they point back with `vehicleId`). */
const FORWARD = new Set(['vehicles.bmsId', 'vehicles.mcuId', 'vehicles.vcuId', 'vehicles.loggerId', 'vehicles.simId']);

const idSets = new Map(TABLE_NAMES.map((name) => [name, new Set(world[name].map((row) => row.id))]));

describe('SEEDERS', () => {
  test('seeds every table of the world once', () => {
    expect([...order].sort()).toEqual([...TABLE_NAMES].sort());
  });

  test('lists every seeder after the tables it needs', () => {
    for (const [at, entry] of SEEDERS.entries()) {
      for (const need of entry.needs) expect(order.indexOf(need), `${entry.table} needs ${need}`).toBeLessThan(at);
    }
  });
});

describe.each(SEEDERS.map((entry) => [entry.table, entry] as const))('the %s seeder', (table, entry) => {
  const prior = Object.fromEntries(entry.needs.map((name) => [name, world[name]])) as Partial<SeededRows>;

  test('gives the same rows for the same world, without changing the rows it reads', () => {
    const before = JSON.stringify(prior);
    expect(entry.run(ctx, prior)).toEqual(world[table]);
    expect(JSON.stringify(prior)).toBe(before);
  });

  test('needs the rows of the tables it names, and throws without them', () => {
    if (entry.needs.length === 0) return;
    expect(() => entry.run(ctx, {})).toThrow(/seeded before it/);
  });

  test('gives every row its own id', () => {
    const rows = world[table];
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  });

  test('refers only to rows of tables seeded before it', () => {
    const at = order.indexOf(table);
    for (const row of world[table] as object[]) {
      for (const [field, value] of Object.entries(row)) {
        const targets = REFERENCES[field];
        if (!targets || value === null || value === undefined) continue;
        const forward = FORWARD.has(`${table}.${field}`);
        for (const target of targets) {
          if (!forward) expect(order.indexOf(target), `${table}.${field}`).toBeLessThanOrEqual(at);
        }
        for (const id of Array.isArray(value) ? value : [value]) {
          const found = targets.some((target) => idSets.get(target)?.has(id as string));
          expect(found, `${table}.${field} = ${String(id)}`).toBe(true);
        }
      }
    }
  });
});

test('a different seed gives a different world of the same shape', () => {
  const other = seedWorld({ seed: 4, size: 80 });
  for (const name of TABLE_NAMES) {
    if (['dealers', 'vehicles', 'bmsDevices', 'faults', 'tickets'].includes(name))
      expect(other[name]).not.toEqual(world[name]);
  }
  expect(other.vehicles.map((v) => v.id)).toEqual(world.vehicles.map((v) => v.id));
  expect(other.oems.length).toBe(world.oems.length);
});
