import {
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SqlBool,
  sql,
  type Updateable,
} from 'kysely';
import type { ListQuery } from '../../services/lib/list-query';
import { iccidConflict } from '../../services/sims/sim-fields';
import type { SimFilterField, SimSortField } from '../../services/sims/sim-list-spec';
import type { SimStore } from '../../services/sims/sim-store';
import type { SimCard } from '../../services/sims/sim-types';
import type { Db } from '../database';
import { writeUnique } from './unique-violation';
import type { Database, SimTable } from '../schema';

/** API field -> column, for everything the list sorts or filters by (`assigned` is logger_id IS [NOT] NULL). */
const COLUMN = {
  iccid: 'iccid',
  msisdn: 'msisdn',
  operator: 'operator',
  status: 'status',
  createdAt: 'created_at',
} as const satisfies Record<Exclude<SimSortField | SimFilterField, 'assigned'>, keyof SimTable>;

type Eb = ExpressionBuilder<Database, 'sims'>;

function conditions(
  eb: Eb,
  query: Pick<ListQuery<SimSortField, SimFilterField>, 'filters' | 'q'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  for (const filter of query.filters) {
    if (filter.field === 'assigned') {
      all.push(eb.or(filter.values.map((v) => eb('sims.logger_id', v === true ? 'is not' : 'is', null))));
      continue;
    }
    const column = `sims.${COLUMN[filter.field]}` as const;
    all.push(eb(column, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('sims.iccid', 'ilike', pattern), eb('sims.msisdn', 'ilike', pattern)]));
  }
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toSim(row: Selectable<SimTable>): SimCard {
  return {
    id: row.id,
    iccid: row.iccid,
    msisdn: row.msisdn,
    operator: row.operator,
    loggerId: row.logger_id,
    status: row.status as SimCard['status'],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns of a SIM card (or of the fields a change sets). */
export function simColumns(sim: Partial<SimCard>): Updateable<SimTable> {
  const out: Updateable<SimTable> = {};
  const set = <K extends keyof Updateable<SimTable>>(key: K, value: Updateable<SimTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('id', sim.id);
  set('iccid', sim.iccid);
  set('msisdn', sim.msisdn);
  set('operator', sim.operator);
  set('logger_id', sim.loggerId);
  set('status', sim.status);
  set('created_at', sim.createdAt);
  set('updated_at', sim.updatedAt);
  return out;
}

/** SIM cards in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createSimRepository(db: Db): SimStore {
  return {
    async list(query) {
      const where = (eb: Eb) => conditions(eb, query);
      let page = db.selectFrom('sims').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(`sims.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('sims.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('sims').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toSim), total: count.total };
    },

    async get(id) {
      const row = await db.selectFrom('sims').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toSim(row) : undefined;
    },

    async iccidTaken(iccid, exceptId) {
      let query = db.selectFrom('sims').select('id').where('iccid', '=', iccid);
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async loggerExists(id) {
      const row = await db
        .selectFrom('devices')
        .select('id')
        .where('id', '=', id)
        .where('type', '=', 'LOGGER')
        .executeTakeFirst();
      return row !== undefined;
    },

    async insert(sim) {
      await writeUnique(
        () =>
          db
            .insertInto('sims')
            .values(simColumns(sim) as Insertable<SimTable>)
            .execute(),
        () => iccidConflict(),
      );
    },

    async update(id, changes) {
      await db.updateTable('sims').set(simColumns(changes)).where('id', '=', id).execute();
    },

    async delete(id, at) {
      await db.updateTable('vehicles').set({ sim_id: null, updated_at: at }).where('sim_id', '=', id).execute();
      await db.deleteFrom('sims').where('id', '=', id).execute();
    },

    async fit(id, loggerId, at) {
      // The card the logger held comes out first (a logger holds one card).
      if (loggerId !== null) {
        await db
          .updateTable('sims')
          .set({ logger_id: null, updated_at: at })
          .where('logger_id', '=', loggerId)
          .where('id', '<>', id)
          .execute();
      }
      await db.updateTable('sims').set({ logger_id: loggerId, updated_at: at }).where('id', '=', id).execute();
    },
  };
}
