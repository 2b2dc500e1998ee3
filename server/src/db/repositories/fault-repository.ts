import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import type { FaultFilterField, FaultSortField } from '../../services/faults/fault-list-spec';
import type { FaultScope } from '../../services/faults/fault-scope';
import type { FaultStore } from '../../services/faults/fault-store';
import type { Fault } from '../../services/faults/fault-types';
import type { Db } from '../database';
import type { Database, FaultTable } from '../schema';
import { vehicleIdInScope } from './vehicle-scope-sql';

/** API field -> column, for everything the list sorts or filters by (`active` and `acknowledged` test a time for null). */
const COLUMN = {
  occurredAt: 'occurred_at',
  severity: 'severity',
  code: 'code',
  kind: 'kind',
  deviceKind: 'device_kind',
  vehicleId: 'vehicle_id',
  deviceId: 'device_id',
  scope: 'scope',
} as const satisfies Record<Exclude<FaultSortField | FaultFilterField, 'active' | 'acknowledged'>, keyof FaultTable>;

/** The time column a boolean filter tests: active while not cleared, acknowledged once acknowledged. */
const NULL_TEST = {
  active: { column: 'faults.cleared_at', whenTrue: 'is' },
  acknowledged: { column: 'faults.acknowledged_at', whenTrue: 'is not' },
} as const;

type Eb = ExpressionBuilder<Database, 'faults'>;

/** The WHERE of a scoped, filtered list: scope AND every filter AND search AND range. */
function conditions(
  eb: Eb,
  scope: FaultScope,
  query: Pick<ListQuery<FaultSortField, FaultFilterField>, 'filters' | 'q' | 'from' | 'to'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const vehicles = vehicleIdInScope(eb, 'faults', scope.vehicles);
  if (vehicles) all.push(vehicles);
  if (scope.kinds !== null) {
    all.push(scope.kinds.length > 0 ? eb('faults.device_kind', 'in', [...scope.kinds]) : sql<SqlBool>`false`);
  }
  for (const filter of query.filters) {
    if (filter.field === 'active' || filter.field === 'acknowledged') {
      const { column, whenTrue } = NULL_TEST[filter.field];
      const negate = whenTrue === 'is' ? 'is not' : 'is';
      all.push(eb.or(filter.values.map((v) => eb(column, v === true ? whenTrue : negate, null))));
      continue;
    }
    all.push(eb(`faults.${COLUMN[filter.field]}`, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('faults.code', 'ilike', pattern), eb('faults.name', 'ilike', pattern)]));
  }
  if (query.from !== undefined) all.push(eb('faults.occurred_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('faults.occurred_at', '<=', query.to));
  return eb.and(all);
}

/** No filter, search or range: the scope alone (a read of one fault). */
const NO_QUERY = { filters: [], q: undefined, from: undefined, to: undefined };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

function toFault(row: Selectable<FaultTable>): Fault {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    deviceId: row.device_id,
    deviceKind: row.device_kind as Fault['deviceKind'],
    code: row.code,
    name: row.name,
    kind: row.kind as Fault['kind'],
    scope: row.scope as Fault['scope'],
    severity: row.severity as Fault['severity'],
    occurredAt: iso(row.occurred_at),
    clearedAt: isoOrNull(row.cleared_at),
    acknowledgedAt: isoOrNull(row.acknowledged_at),
    acknowledgedBy: row.acknowledged_by,
  };
}

/** The columns of a fault (the seed writes the demo world's faults with it). */
export function faultColumns(fault: Fault): Updateable<FaultTable> {
  return {
    id: fault.id,
    vehicle_id: fault.vehicleId,
    device_id: fault.deviceId,
    device_kind: fault.deviceKind,
    code: fault.code,
    name: fault.name,
    kind: fault.kind,
    scope: fault.scope,
    severity: fault.severity,
    occurred_at: fault.occurredAt,
    cleared_at: fault.clearedAt,
    acknowledged_at: fault.acknowledgedAt,
    acknowledged_by: fault.acknowledgedBy,
  };
}

/** Fault occurrences in PostgreSQL (or PGlite): the list scopes, filters, sorts and pages in SQL. */
export function createFaultRepository(db: Db): FaultStore {
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = db.selectFrom('faults').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(`faults.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('faults.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('faults').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toFault), total: count.total };
    },

    async get(id, scope) {
      const row = await db
        .selectFrom('faults')
        .selectAll()
        .where((eb) => eb.and([eb('faults.id', '=', id), conditions(eb, scope, NO_QUERY)]))
        .executeTakeFirst();
      return row ? toFault(row) : undefined;
    },

    async acknowledge(id, at, userId) {
      const result = await db
        .updateTable('faults')
        .set({ acknowledged_at: at, acknowledged_by: userId })
        .where('id', '=', id)
        .where('acknowledged_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async clear(id, at) {
      const result = await db
        .updateTable('faults')
        .set({ cleared_at: at })
        .where('id', '=', id)
        .where('cleared_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
