import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import type { VehicleFilterField, VehicleSortField } from '../../services/vehicles/vehicle-list-spec';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Db } from '../database';
import type { Database } from '../schema';

/**
 * The vehicle list's totals, kept per (scope, filters, search, range) while the vehicles table has not changed
 * (decision 0122). `count(*)` over a filter of 100,000 vehicles costs the database more than the page itself, and
 * every page of one list asks for the same total. A total is reused only while the versions of migration 0026 are the
 * ones it was counted with: they rise in the transaction of every write to vehicles (any writer: a service, the
 * ingestion, SQL by hand), and are read in the count's own snapshot, so a committed write is seen by the next read,
 * on this server and on any other that shares the database. Nothing is kept across databases or inside a transaction.
 */

/** List filters on fields that only a change of `stable` can move (migration 0026's column list). */
const STABLE_FILTERS: ReadonlySet<VehicleFilterField> = new Set<VehicleFilterField>([
  'vehicleType',
  'modelId',
  'oemId',
  'dealerId',
  'fleetId',
  'evOwnerId',
  'driverId',
  'connectivity',
  'status',
  'healthRating',
]);

/** At most this many totals per database; the oldest goes first. */
export const COUNT_CACHE_SIZE = 2000;

type CountQuery = Pick<ListQuery<VehicleSortField, VehicleFilterField>, 'filters' | 'q' | 'from' | 'to'>;

interface Versions {
  stable: string;
  live: string;
}

const caches = new WeakMap<Db, Map<string, { version: string; total: number }>>();

/**
 * The key of a count, or undefined when it must not be kept: a scope that grants vehicles by their fitted devices'
 * models depends on the devices table too, which the versions do not follow.
 */
function keyOf(scope: VehicleScope, query: CountQuery): string | undefined {
  if (scope?.granted && scope.granted.deviceModelIds.size > 0) return undefined;
  const sorted = (set: ReadonlySet<string> | undefined) => (set ? [...set].sort() : []);
  return JSON.stringify([
    scope === null
      ? null
      : [
          scope.field,
          scope.value,
          sorted(scope.granted?.vehicleIds),
          sorted(scope.granted?.evModelIds),
          sorted(scope.granted?.oemIds),
        ],
    [...query.filters]
      .map((f) => [f.field, [...f.values].map((v) => JSON.stringify(v)).sort()] as const)
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    query.q ?? null,
    query.from?.toISOString() ?? null,
    query.to?.toISOString() ?? null,
  ]);
}

/** The version a count depends on: `stable` alone, or both when it filters on what telemetry moves. */
function versionOf(query: CountQuery, versions: Versions): string {
  const live =
    query.from !== undefined || query.to !== undefined || query.filters.some((f) => !STABLE_FILTERS.has(f.field));
  return live ? `${versions.stable}.${versions.live}` : versions.stable;
}

const STABLE_VERSION = sql<string>`(SELECT stable::text FROM vehicle_list_versions)`;
const LIVE_VERSION = sql<string>`(SELECT live::text FROM vehicle_list_versions)`;

/**
 * The versions as columns of another statement (the page's: decision 0122, 2026-11-29), so that a kept total is
 * confirmed in the snapshot of the page it goes with, without a statement of its own.
 */
export function listVersionColumns() {
  return [STABLE_VERSION.as('list_stable'), LIVE_VERSION.as('list_live')] as const;
}

/** A kept total, to be confirmed by `keptTotalIfCurrent` with versions read after it was looked up. */
export interface KeptTotal {
  version: string;
  total: number;
}

/**
 * The total kept for a list request, if any: it holds only while the versions it was counted with are current, which
 * the caller reads (`listVersionColumns` in its page's statement) and checks with `keptTotalIfCurrent`. Nothing is
 * kept or reused inside a transaction (its own uncommitted writes are not the database's).
 */
export function keptTotal(db: Db, scope: VehicleScope, query: CountQuery): KeptTotal | undefined {
  const key = db.isTransaction ? undefined : keyOf(scope, query);
  return key === undefined ? undefined : caches.get(db)?.get(key);
}

/** The kept total when `versions` (read in a statement after the lookup) are the ones it was counted with. */
export function keptTotalIfCurrent(
  kept: KeptTotal | undefined,
  query: CountQuery,
  versions: { list_stable: string | null; list_live: string | null } | undefined,
): number | undefined {
  if (!kept || !versions || versions.list_stable === null || versions.list_live === null) return undefined;
  return kept.version === versionOf(query, { stable: versions.list_stable, live: versions.list_live })
    ? kept.total
    : undefined;
}

/**
 * Counts the total of a list request whose scoped, filtered WHERE is `where`, with the versions in the count's own
 * statement (the total is exactly the one of those versions), and keeps it for later pages of the same list.
 */
export async function countVehicleTotal(
  db: Db,
  scope: VehicleScope,
  query: CountQuery,
  where: (eb: ExpressionBuilder<Database, 'vehicles'>) => Expression<SqlBool>,
): Promise<number> {
  const key = db.isTransaction ? undefined : keyOf(scope, query);
  const row = await db
    .selectFrom('vehicles')
    .where(where)
    .select([sql<number>`count(*)::int`.as('total'), STABLE_VERSION.as('stable'), LIVE_VERSION.as('live')])
    .executeTakeFirstOrThrow();
  if (key !== undefined && row.stable !== null && row.live !== null) {
    let cache = caches.get(db);
    if (!cache) {
      cache = new Map();
      caches.set(db, cache);
    }
    cache.delete(key);
    cache.set(key, { version: versionOf(query, row), total: row.total });
    if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }
  return row.total;
}
