import { seedAccessGrants, seedApiKeys, seedCompanySettings, seedDeviceGroups, seedRoles } from '../access';
import { seedSdkKeys } from '../feedback-reports';
import { seedFirmwareReleases, seedFirmwareRollouts, seedOtaHistory } from '../firmware';
import { seedGeofences } from '../geofences';
import { seedRules } from '../rule-seed';
import { seedTickets } from '../tickets';
import type { TableName, Vehicle } from '../types';
import { seedAudit } from './audit';
import { createSeedContext, type SeedContext, type SeededRows, type Seeder, type WorldOptions } from './context';
import { seedBmsDevices, seedLoggers, seedMcuDevices, seedSims, seedVcuDevices } from './devices';
import { seedCommands, seedFaults, seedNotifications } from './events';
import { seedModels } from './models';
import { seedDealers, seedDrivers, seedEvOwners, seedFleets, seedOems } from './organisations';
import { seedUsers } from './users';
import { seedVehicles } from './vehicles';

/** One entry of `SEEDERS`: the table it seeds, the tables it reads (all seeded before it) and the seeder. */
export interface SeederEntry<K extends TableName> {
  table: K;
  needs: readonly TableName[];
  /** Runs the seeder on the rows seeded so far; throws when a table it needs is missing. */
  run(ctx: SeedContext, prior: Readonly<Partial<SeededRows>>): SeededRows[K];
}

/** A seeder of any table. */
export type AnySeederEntry = { [K in TableName]: SeederEntry<K> }[TableName];

function seeder<K extends TableName, N extends TableName = never>(
  table: K,
  needs: readonly N[],
  seed: Seeder<K, N>,
): SeederEntry<K> {
  return {
    table,
    needs,
    run(ctx, prior) {
      for (const name of needs) {
        if (!prior[name]) throw new Error(`The ${table} seeder needs the ${name} rows, seeded before it.`);
      }
      return seed(ctx, prior as Pick<SeededRows, N>);
    },
  };
}

const none: readonly never[] = [];

/**
 * The demo world, table by table, in the order the rows may be inserted: every id a row holds points at a row of a
 * table seeded before it, except the fitted device and SIM ids of a vehicle (`seedVehicles`), whose rows point back.
 * `needs` names the tables a seeder reads (a lazy world generates those first); the order alone keeps the rest.
 */
export const SEEDERS: readonly AnySeederEntry[] = [
  seeder('roles', none, (ctx) => seedRoles(ctx.now)),
  seeder('oems', none, seedOems),
  seeder('dealers', ['oems'], seedDealers),
  seeder('fleets', ['oems', 'dealers'], seedFleets),
  seeder('drivers', ['fleets'], seedDrivers),
  seeder('evOwners', ['dealers'], seedEvOwners),
  seeder('users', ['oems', 'dealers', 'fleets'], seedUsers),
  seeder('models', ['oems'], seedModels),
  seeder('vehicles', ['models'], seedVehicles),
  seeder('bmsDevices', ['models', 'vehicles'], seedBmsDevices),
  seeder('mcuDevices', ['models', 'vehicles'], seedMcuDevices),
  seeder('vcuDevices', ['models', 'vehicles'], seedVcuDevices),
  seeder('loggers', ['models', 'vehicles'], seedLoggers),
  seeder('sims', ['loggers'], seedSims),
  seeder('rules', ['oems', 'models'], (ctx, { oems, models }) => seedRules(oems, models, ctx.now)),
  seeder('faults', none, seedFaults),
  seeder('commands', none, seedCommands),
  seeder('notifications', ['faults'], seedNotifications),
  seeder('tickets', ['vehicles', 'faults', 'users'], (ctx, { vehicles, faults, users }) =>
    seedTickets(
      ctx.seed,
      ctx.size,
      ctx.now,
      (i) => vehicles[i] as Vehicle,
      () => faults,
      users.filter((u) => u.role === 'DA' || u.role === 'DE'),
    ),
  ),
  seeder('geofences', none, (ctx) => seedGeofences(ctx.size, ctx.now)),
  seeder('deviceGroups', none, (ctx) => seedDeviceGroups(ctx.now)),
  seeder('firmwareReleases', ['oems', 'models'], (ctx, { oems, models }) =>
    seedFirmwareReleases(
      ctx.seed,
      models,
      oems.map((o) => o.id),
      ctx.now,
    ),
  ),
  seeder(
    'firmwareRollouts',
    ['firmwareReleases', 'bmsDevices', 'mcuDevices', 'vcuDevices'],
    (ctx, { firmwareReleases, bmsDevices, mcuDevices, vcuDevices }) =>
      seedFirmwareRollouts(firmwareReleases, [...bmsDevices, ...mcuDevices, ...vcuDevices], ctx.now).rollouts,
  ),
  seeder(
    'otaUpdates',
    ['firmwareReleases', 'bmsDevices', 'mcuDevices', 'vcuDevices', 'loggers'],
    (ctx, { firmwareReleases, bmsDevices, mcuDevices, vcuDevices, loggers }) => [
      ...seedOtaHistory(ctx.seed, [...bmsDevices, ...mcuDevices, ...vcuDevices, ...loggers], ctx.now),
      // The seeded rollouts' devices: the rollouts seeder made the same rows (a pure function of the same input).
      ...seedFirmwareRollouts(firmwareReleases, [...bmsDevices, ...mcuDevices, ...vcuDevices], ctx.now).updates,
    ],
  ),
  seeder('accessGrants', ['vehicles', 'models'], (ctx, { vehicles, models }) =>
    seedAccessGrants(
      ctx.now,
      ctx.size,
      (i) => vehicles[i] as Vehicle,
      () => models,
    ),
  ),
  seeder('apiKeys', none, (ctx) => seedApiKeys(ctx.now)),
  seeder('companySettings', none, (ctx) => seedCompanySettings(ctx.now)),
  seeder('sdkKeys', none, (ctx) => seedSdkKeys(ctx.now)),
  // Written by the users of the world only: sessions and saved dashboards start empty.
  seeder('sessions', none, () => []),
  seeder('dashboards', none, () => []),
  // The audit log's last 60 days: the changes that made the rows above what they are (issue 37 item 5).
  seeder('audit', ['users', 'roles', 'rules', 'firmwareRollouts', 'companySettings', 'vehicles'], seedAudit),
];

/** Runs every seeder in order: the whole world as plain rows (nothing is stored; the caller inserts them). */
export function seedWorld(options: WorldOptions): SeededRows {
  const ctx = createSeedContext(options);
  const rows: Partial<Record<TableName, unknown[]>> = {};
  for (const entry of SEEDERS) rows[entry.table] = entry.run(ctx, rows as Partial<SeededRows>);
  return rows as SeededRows;
}

export type { SeedContext, SeededRows, Seeder, WorldOptions } from './context';
