import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { BatteryCycle, BatteryCycleStore, CellSample } from '../../services/battery-cycles/cycle-store';
import type { Db } from '../database';
import type { BatteryCycleTable } from '../schema';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** API field -> column, for what the list sorts and filters by. */
const COLUMN = {
  index: 'cycle_index',
  startedAt: 'started_at',
  energyKwh: 'energy_kwh',
  status: 'status',
} as const satisfies Record<string, keyof BatteryCycleTable>;

function toCycle(row: Omit<Selectable<BatteryCycleTable>, 'cells'>): BatteryCycle {
  return {
    id: row.id,
    bmsId: row.bms_id,
    vehicleId: row.vehicle_id,
    index: row.cycle_index,
    status: row.status as BatteryCycle['status'],
    startedAt: iso(row.started_at),
    endedAt: row.ended_at === null ? null : iso(row.ended_at),
    startSoc: row.start_soc,
    endSoc: row.end_soc,
    energyKwh: row.energy_kwh,
    minCellVoltage: row.min_cell_voltage,
    maxCellVoltage: row.max_cell_voltage,
    maxTemperatureC: row.max_temperature_c,
  };
}

/** The row of a cycle, with its kept cell samples (null when they are not kept). */
export function batteryCycleColumns(c: BatteryCycle, cells: CellSample[] | null): Insertable<BatteryCycleTable> {
  return {
    id: c.id,
    bms_id: c.bmsId,
    vehicle_id: c.vehicleId,
    cycle_index: c.index,
    status: c.status,
    started_at: c.startedAt,
    ended_at: c.endedAt,
    start_soc: c.startSoc,
    end_soc: c.endSoc,
    energy_kwh: c.energyKwh,
    min_cell_voltage: c.minCellVoltage,
    max_cell_voltage: c.maxCellVoltage,
    max_temperature_c: c.maxTemperatureC,
    cells: cells === null ? null : JSON.stringify(cells),
  };
}

const CYCLE_FIELDS = [
  'id',
  'bms_id',
  'vehicle_id',
  'cycle_index',
  'status',
  'started_at',
  'ended_at',
  'start_soc',
  'end_soc',
  'energy_kwh',
  'min_cell_voltage',
  'max_cell_voltage',
  'max_temperature_c',
] as const;

/** Battery cycles in PostgreSQL (or PGlite): a BMS's list filters, sorts and pages in SQL. */
export function createBatteryCycleRepository(db: Db): BatteryCycleStore {
  return {
    async list(bmsId, query) {
      let where = db.selectFrom('battery_cycles').where('bms_id', '=', bmsId);
      for (const filter of query.filters) where = where.where(COLUMN[filter.field], 'in', filter.values as number[]);
      if (query.from) where = where.where('started_at', '>=', query.from);
      if (query.to) where = where.where('started_at', '<=', query.to);
      let page = where.select(CYCLE_FIELDS);
      for (const key of query.sort) page = page.orderBy(COLUMN[key.field], key.direction);
      const [rows, count] = await Promise.all([
        // Ties keep the newest first, as the list's default order.
        page
          .orderBy('cycle_index', 'desc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        where.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toCycle), total: count.total };
    },

    async get(bmsId, cycleId) {
      const row = await db
        .selectFrom('battery_cycles')
        .select(CYCLE_FIELDS)
        .where('bms_id', '=', bmsId)
        .where('id', '=', cycleId)
        .executeTakeFirst();
      return row ? toCycle(row) : undefined;
    },

    async cells(bmsId, cycleId) {
      const row = await db
        .selectFrom('battery_cycles')
        .select('cells')
        .where('bms_id', '=', bmsId)
        .where('id', '=', cycleId)
        .executeTakeFirst();
      return row?.cells ?? [];
    },
  };
}
