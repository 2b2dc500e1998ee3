import { type Expression, type ExpressionBuilder, type Selectable, type SqlBool, sql, type Updateable } from 'kysely';
import type { CommandFilterField, CommandSortField } from '../../services/commands/command-list-spec';
import type { CommandStore } from '../../services/commands/command-store';
import type { NotificationDelivery } from '../../services/notifications/notification-types';
import type { Command, FittedModel, ModelCommand, TargetVehicle } from '../../services/commands/command-types';
import type { ListQuery } from '../../services/lib/list-query';
import type { VehicleScope } from '../../services/vehicles/vehicle-scope';
import type { Db } from '../database';
import type { CommandTable, Database } from '../schema';
import { createRuleFiringRepository } from './rule-chain-repository';
import { vehicleIdInScope, vehicleScopeCondition } from './vehicle-scope-sql';

/** API field -> column, for what the list filters by and sorts by (`vehicleId` sorts by the vehicle's VIN). */
const COLUMN = {
  sentAt: 'sent_at',
  acknowledgedAt: 'acknowledged_at',
  status: 'status',
  code: 'code',
  kind: 'kind',
  vehicleId: 'vehicle_id',
  deviceId: 'device_id',
  deviceKind: 'device_kind',
  sentBy: 'sent_by',
  ruleId: 'rule_id',
} as const satisfies Record<CommandSortField | CommandFilterField, keyof CommandTable>;

type Eb = ExpressionBuilder<Database, 'commands'>;
type Query = Pick<ListQuery<CommandSortField, CommandFilterField>, 'filters' | 'q' | 'from' | 'to'>;

/** The WHERE of a scoped, filtered list: scope AND every filter AND search AND range. */
function conditions(eb: Eb, scope: VehicleScope, query: Query): Expression<SqlBool> {
  const all: Expression<SqlBool>[] = [];
  const vehicles = vehicleIdInScope(eb, 'commands', scope);
  if (vehicles) all.push(vehicles);
  for (const filter of query.filters) {
    all.push(eb(`commands.${COLUMN[filter.field]}`, 'in', filter.values as never[]));
  }
  if (query.q !== undefined) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    all.push(
      eb.or([
        eb('commands.code', 'ilike', pattern),
        eb('commands.name', 'ilike', pattern),
        eb('commands.rule_name', 'ilike', pattern),
        eb(
          'commands.vehicle_id',
          'in',
          eb
            .selectFrom('vehicles')
            .select('vehicles.id')
            .where((v) =>
              v.or([v('vehicles.vin', 'ilike', pattern), v('vehicles.registration_number', 'ilike', pattern)]),
            ),
        ),
        eb('commands.sent_by', 'in', eb.selectFrom('users').select('users.id').where('users.name', 'ilike', pattern)),
      ]),
    );
  }
  if (query.from !== undefined) all.push(eb('commands.sent_at', '>=', query.from));
  if (query.to !== undefined) all.push(eb('commands.sent_at', '<=', query.to));
  return eb.and(all);
}

const NO_QUERY: Query = { filters: [], q: undefined, from: undefined, to: undefined };

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

type Row = Selectable<CommandTable> & {
  vehicle_vin: string | null;
  vehicle_registration: string | null;
  sent_by_name: string | null;
};

function toCommand(row: Row): Command {
  return {
    id: row.id,
    vehicleId: row.vehicle_id,
    deviceId: row.device_id,
    deviceKind: row.device_kind as Command['deviceKind'],
    code: row.code,
    name: row.name,
    kind: row.kind as Command['kind'],
    status: row.status as Command['status'],
    sentAt: iso(row.sent_at),
    acknowledgedAt: isoOrNull(row.acknowledged_at),
    sentBy: row.sent_by,
    sentByName: row.sent_by_name,
    ruleId: row.rule_id,
    ruleName: row.rule_name,
    vehicleVin: row.vehicle_vin ?? row.vehicle_id,
    vehicleRegistration: row.vehicle_registration || null,
    payload: (row.payload ?? null) as Command['payload'],
    expiresAt: iso(row.expires_at),
    failureReason: row.failure_reason,
  };
}

/** The columns of a command (the seed writes the demo world's history with it). */
export function commandColumns(
  command: Omit<Command, 'sentByName' | 'vehicleVin' | 'vehicleRegistration' | 'expiresAt'> & {
    expiresAt: string;
    idempotencyKey?: string | null;
    requestHash?: string | null;
  },
): Updateable<CommandTable> {
  return {
    id: command.id,
    vehicle_id: command.vehicleId,
    device_id: command.deviceId,
    device_kind: command.deviceKind,
    code: command.code,
    name: command.name,
    kind: command.kind,
    status: command.status,
    sent_at: command.sentAt,
    acknowledged_at: command.acknowledgedAt,
    sent_by: command.sentBy,
    rule_id: command.ruleId ?? null,
    rule_name: command.ruleName ?? null,
    payload: command.payload ? JSON.stringify(command.payload) : null,
    expires_at: command.expiresAt,
    failure_reason: command.failureReason ?? null,
    idempotency_key: command.idempotencyKey ?? null,
    request_hash: command.requestHash ?? null,
  };
}

const KIND_ORDER = ['EV', 'BMS', 'MCU', 'VCU'] as const;

/** The command history in PostgreSQL (or PGlite): the list scopes, filters, searches, sorts and pages in SQL. */
export function createCommandRepository(db: Db): CommandStore {
  const named = () =>
    db
      .selectFrom('commands')
      .selectAll('commands')
      .select((eb) => [
        eb
          .selectFrom('vehicles')
          .select('vehicles.vin')
          .whereRef('vehicles.id', '=', 'commands.vehicle_id')
          .as('vehicle_vin'),
        eb
          .selectFrom('vehicles')
          .select('vehicles.registration_number')
          .whereRef('vehicles.id', '=', 'commands.vehicle_id')
          .as('vehicle_registration'),
        eb.selectFrom('users').select('users.name').whereRef('users.id', '=', 'commands.sent_by').as('sent_by_name'),
      ]);

  async function targets(ids: readonly string[] | null, id: string | null, scope: VehicleScope) {
    let q = db
      .selectFrom('vehicles')
      .select(['id', 'vin', 'registration_number', 'model_id', 'bms_id', 'mcu_id', 'vcu_id'])
      .where((eb) => vehicleScopeCondition(eb, scope));
    if (id !== null) q = q.where('vehicles.id', '=', id);
    if (ids !== null) {
      if (ids.length === 0) return [];
      q = q.where('vehicles.id', 'in', [...ids]);
    }
    const vehicles = await q.execute();
    if (vehicles.length === 0) return [];
    const deviceIds = vehicles.flatMap((v) => [v.bms_id, v.mcu_id, v.vcu_id]).filter((d): d is string => d !== null);
    const devices = deviceIds.length
      ? await db.selectFrom('devices').select(['id', 'model_id']).where('id', 'in', deviceIds).execute()
      : [];
    const deviceModel = new Map(devices.map((d) => [d.id, d.model_id]));
    const modelIds = [
      ...new Set([...vehicles.map((v) => v.model_id), ...devices.map((d) => d.model_id)].filter((m) => m !== null)),
    ] as string[];
    const models = modelIds.length
      ? await db.selectFrom('models').select(['id', 'commands']).where('id', 'in', modelIds).execute()
      : [];
    const commandsOf = new Map(models.map((m) => [m.id, (m.commands ?? []) as ModelCommand[]]));
    const byId = new Map(
      vehicles.map((v): [string, TargetVehicle] => {
        const deviceOf = { EV: null, BMS: v.bms_id, MCU: v.mcu_id, VCU: v.vcu_id };
        const fitted: FittedModel[] = KIND_ORDER.flatMap((kind) => {
          const deviceId = deviceOf[kind];
          const modelId = kind === 'EV' ? v.model_id : deviceId ? deviceModel.get(deviceId) : null;
          return modelId ? [{ kind, deviceId, commands: commandsOf.get(modelId) ?? [] }] : [];
        });
        return [v.id, { id: v.id, vin: v.vin, registrationNumber: v.registration_number || null, fitted }];
      }),
    );
    const order = ids ?? (id !== null ? [id] : []);
    return order.flatMap((i) => {
      const v = byId.get(i);
      return v ? [v] : [];
    });
  }

  return {
    async list(scope, query) {
      const where = (eb: Eb) => conditions(eb, scope, query);
      let page = named().where(where);
      for (const key of query.sort) {
        page =
          key.field === 'vehicleId'
            ? page.orderBy(
                sql`(select v.vin from vehicles v where v.id = commands.vehicle_id)`,
                sql.raw(key.direction) as never,
              )
            : page.orderBy(`commands.${COLUMN[key.field]}`, key.direction);
      }
      const [rows, count] = await Promise.all([
        page
          .orderBy('commands.id', 'asc')
          .limit(query.pageSize)
          .offset((query.page - 1) * query.pageSize)
          .execute(),
        db.selectFrom('commands').where(where).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as Row[]).map(toCommand), total: count.total };
    },

    async get(id, scope) {
      const row = await named()
        .where((eb) => eb.and([eb('commands.id', '=', id), conditions(eb, scope, NO_QUERY)]))
        .executeTakeFirst();
      return row ? toCommand(row as Row) : undefined;
    },

    async vehicleIdsOf(scope, query) {
      const rows = await db
        .selectFrom('commands')
        .select('commands.vehicle_id')
        .distinct()
        .where((eb) => conditions(eb, scope, query))
        .orderBy('commands.vehicle_id')
        .execute();
      return rows.map((r) => r.vehicle_id);
    },

    async vehicle(id, scope) {
      return (await targets(null, id, scope))[0];
    },

    async vehicles(ids, scope) {
      return targets(ids, null, scope);
    },

    async expirePending(at, reason) {
      const rows = await db
        .updateTable('commands')
        .set({ status: 3, failure_reason: reason })
        .where('status', '=', 1)
        .where('expires_at', '<=', new Date(at))
        .returning(['id', 'vehicle_id', 'device_id', 'rule_id'])
        .execute();
      return rows.map((r) => ({ id: r.id, vehicleId: r.vehicle_id, deviceId: r.device_id, ruleId: r.rule_id }));
    },

    async ruleNotifications(ruleId, vehicleId, limit) {
      // The index notifications_vehicle_rule (vehicle_id, rule_id, sent_at DESC) answers it.
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'deliveries'])
        .where('vehicle_id', '=', vehicleId)
        .where('rule_id', '=', ruleId)
        .orderBy('sent_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        id: r.id,
        deliveries: (typeof r.deliveries === 'string'
          ? JSON.parse(r.deliveries)
          : r.deliveries) as NotificationDelivery[],
      }));
    },

    async setNotificationDelivery(id, delivery) {
      // Read, change and write the deliveries with the row locked: in the caller's transaction, or in one of its own.
      if (db.isTransaction) return createRuleFiringRepository(db).setDelivery(id, delivery);
      await db.transaction().execute((tx) => createRuleFiringRepository(tx).setDelivery(id, delivery));
    },

    async acknowledge(id, status, at, reason) {
      const result = await db
        .updateTable('commands')
        .set({ status, acknowledged_at: at, failure_reason: reason })
        .where('id', '=', id)
        .where('status', '=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async sentWithKey(userId, key, at) {
      const rows = await named()
        .where('commands.sent_by', '=', userId)
        .where('commands.idempotency_key', '=', key)
        .where('commands.expires_at', '>', new Date(at))
        .orderBy('commands.vehicle_id')
        .execute();
      return (rows as Row[]).map((row) => ({ requestHash: row.request_hash ?? '', command: toCommand(row) }));
    },

    async lockKey(userId, key) {
      await sql`select pg_advisory_xact_lock(hashtext(${`command-key:${userId}:${key}`}))`.execute(db);
    },

    async insert(command) {
      await db
        .insertInto('commands')
        .values(
          commandColumns({
            ...command,
            acknowledgedAt: null,
            ruleId: command.ruleId ?? null,
            ruleName: command.ruleName ?? null,
            failureReason: null,
          }) as never,
        )
        .execute();
    },
  };
}
