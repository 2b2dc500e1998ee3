import type { KeyRange } from '@/domain/rules';
import { TELEMETRY_TEMPLATES } from '@/domain/telemetry-templates';
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
import type { Sample } from '../../services/rules/rule-evaluator';
import type { RuleFilterField, RuleSortField } from '../../services/rules/rule-list-spec';
import type { RuleScope } from '../../services/rules/rule-scope';
import type { RuleModel, RuleSampleSource, RuleStore, RuleTarget } from '../../services/rules/rule-store';
import type { Rule, RuleDeviceKind } from '../../services/rules/rule-types';
import type { Db } from '../database';
import type { Database, ModelTable, RuleTable } from '../schema';
import { vehicleScopeCondition } from './vehicle-scope-sql';

type Eb = ExpressionBuilder<Database, 'rules'>;

/** API field -> what the list sorts by (name without case; a rule that never fired first, as the demo sorts it). */
const SORT = {
  name: sql<string>`lower(rules.name)`,
  updatedAt: sql<Date>`rules.updated_at`,
  lastFiredAt: sql<Date>`coalesce(rules.last_fired_at, 'epoch'::timestamptz)`,
  enabled: sql<boolean>`rules.enabled`,
} as const satisfies Record<RuleSortField, unknown>;

const FILTER_COLUMN = {
  enabled: 'enabled',
  scope: 'scope',
  deviceKind: 'device_kind',
} as const satisfies Record<RuleFilterField, keyof RuleTable>;

const SCOPE_COLUMN = { oemId: 'oem_id', createdBy: 'created_by' } as const;

function conditions(
  eb: Eb,
  scope: RuleScope,
  query: Pick<ListQuery<RuleSortField, RuleFilterField>, 'filters' | 'q' | 'from' | 'to'>,
): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  // A scoped account without its id sees nothing (NULL equals nothing).
  if (scope !== null) all.push(eb(`rules.${SCOPE_COLUMN[scope.field]}`, '=', scope.value));
  for (const filter of query.filters) {
    all.push(eb(`rules.${FILTER_COLUMN[filter.field]}`, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(eb.or([eb('rules.name', 'ilike', pattern), eb('rules.description', 'ilike', pattern)]));
  }
  if (query.from !== undefined) all.push(eb('rules.updated_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('rules.updated_at', '<=', query.to));
  return eb.and(all);
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

export function toRule(row: Selectable<RuleTable>): Rule {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    deviceKind: row.device_kind as Rule['deviceKind'],
    scope: row.scope as Rule['scope'],
    oemId: row.oem_id,
    modelId: row.model_id,
    vehicleId: row.vehicle_id,
    conditionOperator: row.condition_operator as Rule['conditionOperator'],
    conditions: row.conditions as Rule['conditions'],
    clearConditions: row.clear_conditions as Rule['clearConditions'],
    pendingSeconds: row.pending_seconds,
    cooldownSeconds: row.cooldown_seconds,
    repeatSeconds: row.repeat_seconds,
    severity: row.severity as Rule['severity'],
    deliveryMethods: row.delivery_methods,
    recipients: row.recipients,
    webhookUrl: row.webhook_url,
    commandCode: row.command_code,
    openTicket: row.open_ticket,
    enabled: row.enabled,
    lastFiredAt: row.last_fired_at === null ? null : iso(row.last_fired_at),
    createdBy: row.created_by,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The columns of a rule (or of the fields a change sets); the seed writes the demo world's rules with it. */
export function ruleColumns(rule: Partial<Rule>): Updateable<RuleTable> {
  const out: Updateable<RuleTable> = {};
  const set = <K extends keyof Updateable<RuleTable>>(key: K, value: Updateable<RuleTable>[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  set('id', rule.id);
  set('name', rule.name);
  set('description', rule.description);
  set('device_kind', rule.deviceKind);
  set('scope', rule.scope);
  set('oem_id', rule.oemId);
  set('model_id', rule.modelId);
  set('vehicle_id', rule.vehicleId);
  set('condition_operator', rule.conditionOperator);
  set('conditions', json(rule.conditions));
  set('clear_conditions', json(rule.clearConditions));
  set('pending_seconds', rule.pendingSeconds);
  set('cooldown_seconds', rule.cooldownSeconds);
  set('repeat_seconds', rule.repeatSeconds);
  set('severity', rule.severity);
  set('delivery_methods', rule.deliveryMethods);
  set('recipients', json(rule.recipients));
  set('webhook_url', rule.webhookUrl);
  set('command_code', rule.commandCode);
  set('open_ticket', rule.openTicket);
  set('enabled', rule.enabled);
  set('last_fired_at', rule.lastFiredAt);
  set('created_by', rule.createdBy);
  set('created_at', rule.createdAt);
  set('updated_at', rule.updatedAt);
  return out;
}

function toRuleModel(row: Pick<Selectable<ModelTable>, 'id' | 'kind' | 'oem_id' | 'telemetry_template' | 'commands'>) {
  return {
    id: row.id,
    kind: row.kind,
    oemId: row.oem_id,
    telemetryTemplate: row.telemetry_template as KeyRange[],
    commandCodes: ((row.commands as { code: string }[] | null) ?? []).map((c) => c.code),
  } satisfies RuleModel;
}

/** Rules in PostgreSQL (or PGlite): the list scopes, filters, sorts and pages in SQL. */
export function createRuleRepository(db: Db): RuleStore {
  const models = () => db.selectFrom('models').select(['id', 'kind', 'oem_id', 'telemetry_template', 'commands']);
  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = db.selectFrom('rules').selectAll().where(where);
      for (const key of query.sort) page = page.orderBy(SORT[key.field], key.direction);
      const [rows, count] = await Promise.all([
        page
          .orderBy('rules.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('rules').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: rows.map(toRule), total: count.total };
    },

    async get(id, scope) {
      const row = await db
        .selectFrom('rules')
        .selectAll()
        .where((eb) =>
          eb.and([
            eb('rules.id', '=', id),
            conditions(eb, scope, { filters: [], q: undefined, from: undefined, to: undefined }),
          ]),
        )
        .executeTakeFirst();
      return row ? toRule(row) : undefined;
    },

    async insert(rule) {
      await db
        .insertInto('rules')
        .values(ruleColumns(rule) as Insertable<RuleTable>)
        .execute();
    },

    async update(id, changes) {
      await db.updateTable('rules').set(ruleColumns(changes)).where('id', '=', id).execute();
    },

    async delete(id) {
      await db.deleteFrom('rules').where('id', '=', id).execute();
    },

    async model(id) {
      const row = await models().where('id', '=', id).executeTakeFirst();
      return row ? toRuleModel(row) : undefined;
    },

    async modelsOf(kind, oemId) {
      const rows = await models().where('kind', '=', kind).where('oem_id', '=', oemId).orderBy('id').execute();
      return rows.map(toRuleModel);
    },

    async vehicleOem(id, scope) {
      const row = await db
        .selectFrom('vehicles')
        .select('vehicles.oem_id')
        .where('vehicles.id', '=', id)
        .where((eb) => vehicleScopeCondition(eb, scope))
        .executeTakeFirst();
      return row?.oem_id;
    },

    async oemExists(id) {
      return (await db.selectFrom('oems').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
    },
  };
}

/** The vehicle column naming its fitted device of each kind. */
const DEVICE_COLUMN = { BMS: 'bms_id', MCU: 'mcu_id', VCU: 'vcu_id' } as const;

/**
 * What a rule is evaluated over on the server: its targets from the vehicles (and their fitted devices), and the
 * fault occurrences of each. The server keeps no telemetry yet (its ingestion is issue 35): a sample holds no
 * telemetry value, so a telemetry condition holds on none, and only fault conditions can fire.
 */
export function createRuleSampleRepository(db: Db): RuleSampleSource {
  const templateOf = async (kind: RuleDeviceKind, modelId: string | null): Promise<readonly KeyRange[]> => {
    const row = modelId
      ? await db.selectFrom('models').select('telemetry_template').where('id', '=', modelId).executeTakeFirst()
      : undefined;
    return (row?.telemetry_template as KeyRange[] | undefined) ?? TELEMETRY_TEMPLATES[kind];
  };
  return {
    async targets(rule, max) {
      let query = db
        .selectFrom('vehicles')
        .leftJoin('devices', (join) =>
          rule.deviceKind === 'EV'
            ? join.on(sql<boolean>`false`)
            : join.onRef('devices.id', '=', `vehicles.${DEVICE_COLUMN[rule.deviceKind]}`),
        )
        .select([
          'vehicles.id as vehicleId',
          'vehicles.model_id as vehicleModel',
          'devices.id as deviceId',
          'devices.model_id as deviceModel',
        ])
        .orderBy('vehicles.id')
        .limit(max + 1);
      if (rule.scope === 3) query = query.where('vehicles.id', '=', rule.vehicleId ?? '');
      else query = query.where('vehicles.oem_id', '=', rule.oemId);
      if (rule.deviceKind !== 'EV') query = query.where('devices.id', 'is not', null);
      if (rule.scope === 2) {
        query = query.where(
          rule.deviceKind === 'EV' ? 'vehicles.model_id' : 'devices.model_id',
          '=',
          rule.modelId ?? '',
        );
      }
      const rows = await query.execute();
      const targets: RuleTarget[] = [];
      for (const row of rows.slice(0, max)) {
        const modelId = rule.deviceKind === 'EV' ? row.vehicleModel : row.deviceModel;
        targets.push({
          vehicleId: row.vehicleId,
          sourceId: row.deviceId ?? row.vehicleId,
          deviceId: row.deviceId,
          template: await templateOf(rule.deviceKind, modelId),
        });
      }
      return { targets, truncated: rows.length > max };
    },

    async samples(rule, target, first, last, stepMs) {
      let faults = db
        .selectFrom('faults')
        .select(['code', 'severity', 'occurred_at', 'cleared_at'])
        .where('vehicle_id', '=', target.vehicleId)
        .where('occurred_at', '<=', new Date(last))
        .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('cleared_at', '>', new Date(first))]));
      if (rule.deviceKind !== 'EV') faults = faults.where('device_kind', '=', rule.deviceKind);
      const rows = (await faults.execute()).map((f) => ({
        code: f.code,
        severity: f.severity,
        from: new Date(f.occurred_at).getTime(),
        to: f.cleared_at === null ? null : new Date(f.cleared_at).getTime(),
      }));
      const samples: Sample[] = [];
      for (let t = first; t <= last; t += stepMs) {
        const active = rows
          .filter((f) => f.from <= t && (f.to === null || f.to > t))
          .map((f) => ({ code: f.code, severity: f.severity }));
        samples.push({ t, telemetry: {}, faults: active });
      }
      return samples;
    },
  };
}
