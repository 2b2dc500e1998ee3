import { type Expression, type ExpressionBuilder, type Insertable, type Selectable, type SqlBool, sql } from 'kysely';
import type { DeviceScope } from '../../services/devices/device-scope';
import type { HardwareLogFilterField, HardwareLogSortField } from '../../services/hardware-logs/hardware-log-list-spec';
import type { HardwareLogEntry, HardwareLogStore } from '../../services/hardware-logs/hardware-log-store';
import type { ListQuery } from '../../services/lib/list-query';
import type { Db } from '../database';
import type { Database, HardwareLogTable } from '../schema';
import { deviceScopeCondition } from './device-repository';

/** API field -> column, for everything the list sorts or filters by. */
const COLUMN = {
  occurredAt: 'occurred_at',
  level: 'level',
  deviceId: 'device_id',
} as const satisfies Record<HardwareLogSortField | HardwareLogFilterField, keyof HardwareLogTable>;

type Eb = ExpressionBuilder<Database, 'hardware_logs'>;

/** The WHERE of a scoped, filtered list: the logger in the device scope AND every filter AND search AND range. */
function conditions(
  eb: Eb,
  scope: DeviceScope,
  query: ListQuery<HardwareLogSortField, HardwareLogFilterField>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  if (scope !== null) {
    all.push(
      eb(
        'hardware_logs.device_id',
        'in',
        eb
          .selectFrom('devices')
          .select('devices.id')
          .where((d) => deviceScopeCondition(d, scope) ?? sql<SqlBool>`true`),
      ),
    );
  }
  for (const filter of query.filters) {
    all.push(eb(`hardware_logs.${COLUMN[filter.field]}`, 'in', filter.values as string[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([eb('hardware_logs.message', 'ilike', pattern), eb('hardware_logs.device_serial', 'ilike', pattern)]),
    );
  }
  if (query.from !== undefined) all.push(eb('hardware_logs.occurred_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('hardware_logs.occurred_at', '<=', query.to));
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toEntry(row: Selectable<HardwareLogTable>): HardwareLogEntry {
  return {
    id: row.id,
    occurredAt: iso(row.occurred_at),
    level: row.level as HardwareLogEntry['level'],
    deviceId: row.device_id,
    deviceSerial: row.device_serial,
    vehicleId: row.vehicle_id,
    message: row.message,
  };
}

/** The columns of a message (the seed writes the demo world's log with it; ingestion will too). */
export function hardwareLogColumns(entry: HardwareLogEntry): Insertable<HardwareLogTable> {
  return {
    id: entry.id,
    occurred_at: entry.occurredAt,
    level: entry.level,
    device_id: entry.deviceId,
    device_serial: entry.deviceSerial,
    vehicle_id: entry.vehicleId,
    message: entry.message,
  };
}

/** The messages logger devices sent, in PostgreSQL (or PGlite): the list scopes, filters, sorts and pages in SQL. */
export function createHardwareLogRepository(db: Db): HardwareLogStore {
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = db.selectFrom('hardware_logs').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(`hardware_logs.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('hardware_logs.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db
          .selectFrom('hardware_logs')
          .where(where)
          .select(sql<number>`count(*)::int`.as('total'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toEntry), total: count.total };
    },
  };
}
