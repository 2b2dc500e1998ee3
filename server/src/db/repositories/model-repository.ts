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
import { codeConflict } from '../../services/models/model-fields';
import type { ModelFilterField, ModelSortField } from '../../services/models/model-list-spec';
import type { ModelScope } from '../../services/models/model-scope';
import type { ModelStore } from '../../services/models/model-store';
import type { Model } from '../../services/models/model-types';
import type { Db } from '../database';
import { writeUnique } from './unique-violation';
import type { Database, ModelTable } from '../schema';

/** API field -> column, for everything the list sorts or filters by. */
const COLUMN = {
  name: 'name',
  code: 'code',
  kind: 'kind',
  status: 'status',
  configurationStep: 'configuration_step',
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  oemId: 'oem_id',
  vehicleType: 'vehicle_type',
} as const satisfies Record<ModelSortField | ModelFilterField, keyof ModelTable>;

type Eb = ExpressionBuilder<Database, 'models'>;

/** The WHERE of a scoped, filtered list: scope AND every filter AND search. */
function conditions(
  eb: Eb,
  scope: ModelScope,
  query: Pick<ListQuery<ModelSortField, ModelFilterField>, 'filters' | 'q'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  // A scoped account without its id sees nothing (NULL equals nothing).
  if (scope !== null) all.push(eb('models.oem_id', '=', scope.oemId));
  for (const filter of query.filters) {
    const column = `models.${COLUMN[filter.field]}` as const;
    all.push(eb(column, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('models.name', 'ilike', pattern), eb('models.code', 'ilike', pattern)]));
  }
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

function toModel(row: Selectable<ModelTable>): Model {
  const model: Model = {
    id: row.id,
    kind: row.kind,
    name: row.name,
    code: row.code,
    oemId: row.oem_id,
    status: row.status as Model['status'],
    configurationStep: row.configuration_step,
    masterData: row.master_data as Model['masterData'],
    commands: row.commands as Model['commands'],
    faults: row.faults as Model['faults'],
    telemetryTemplate: row.telemetry_template as Model['telemetryTemplate'],
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.vehicle_type !== null) model.vehicleType = row.vehicle_type as Model['vehicleType'];
  if (row.bms !== null) model.bms = row.bms as Model['bms'];
  if (row.mcu !== null) model.mcu = row.mcu as Model['mcu'];
  if (row.configuration !== null) model.configuration = row.configuration as Model['configuration'];
  return model;
}

/** The columns of a model (or of the fields a change sets). */
export function modelColumns(model: Partial<Model>): Updateable<ModelTable> {
  const out: Updateable<ModelTable> = {};
  const set = <K extends keyof Updateable<ModelTable>>(key: K, value: Updateable<ModelTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  set('id', model.id);
  set('kind', model.kind);
  set('name', model.name);
  set('code', model.code);
  set('oem_id', model.oemId);
  set('status', model.status);
  set('configuration_step', model.configurationStep);
  set('vehicle_type', model.vehicleType);
  set('master_data', json(model.masterData));
  set('commands', json(model.commands));
  set('faults', json(model.faults));
  set('telemetry_template', json(model.telemetryTemplate));
  set('bms', json(model.bms));
  set('mcu', json(model.mcu));
  set('configuration', json(model.configuration));
  set('created_at', model.createdAt);
  set('updated_at', model.updatedAt);
  return out;
}

const MODEL_COLUMNS = [
  'id',
  'kind',
  'name',
  'code',
  'oem_id',
  'status',
  'configuration_step',
  'vehicle_type',
  'master_data',
  'commands',
  'faults',
  'telemetry_template',
  'bms',
  'mcu',
  'configuration',
  'created_at',
  'updated_at',
] as const;

/** Models in PostgreSQL (or PGlite): the list filters, sorts and pages in SQL. */
export function createModelRepository(db: Db): ModelStore {
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = db.selectFrom('models').select(MODEL_COLUMNS).where(where);
      for (const key of query.sort) page = page.orderBy(`models.${COLUMN[key.field]}`, key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('models.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('models').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toModel), total: count.total };
    },

    async get(id, scope) {
      const row = await db
        .selectFrom('models')
        .select(MODEL_COLUMNS)
        .where('models.id', '=', id)
        .where((eb) => conditions(eb, scope, { filters: [], q: undefined }))
        .executeTakeFirst();
      return row ? toModel(row) : undefined;
    },

    async codeTaken(code, exceptId) {
      let query = db.selectFrom('models').select('id').where(sql<string>`lower(code)`, '=', code.toLowerCase());
      if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
      return (await query.executeTakeFirst()) !== undefined;
    },

    async oemExists(id) {
      return (await db.selectFrom('oems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },

    async inUse(id) {
      const vehicle = await db.selectFrom('vehicles').select('id').where('model_id', '=', id).executeTakeFirst();
      if (vehicle) return true;
      return (await db.selectFrom('devices').select('id').where('model_id', '=', id).executeTakeFirst()) !== undefined;
    },

    async insert(model) {
      await writeUnique(
        () =>
          db
            .insertInto('models')
            .values(modelColumns(model) as Insertable<ModelTable>)
            .execute(),
        () => codeConflict(),
      );
    },

    async update(id, changes) {
      await writeUnique(
        () => db.updateTable('models').set(modelColumns(changes)).where('id', '=', id).execute(),
        () => codeConflict(),
      );
    },

    async delete(id) {
      await db.deleteFrom('models').where('id', '=', id).execute();
    },
  };
}
