import type { KeyRange } from '@/domain/rules';
import { TELEMETRY_TEMPLATES } from '@/domain/telemetry-templates';
import { TICKET_STATUS } from '@/domain/enums';
import { type Insertable, sql } from 'kysely';
import { type ModelFault, faultCatalogOf } from '../../services/faults/raise-faults';
import type { Fault } from '../../services/faults/fault-types';
import type { NotificationDelivery } from '../../services/notifications/notification-types';
import type {
  LastFiring,
  RuleChainSource,
  RuleFault,
  RuleFiringStore,
  RuleVehicle,
} from '../../services/rules/rule-chain';
import type { Rule } from '../../services/rules/rule-types';
import type { Db } from '../database';
import type { FaultTable, NotificationTable, TicketTable } from '../schema';
import { faultColumns } from './fault-repository';
import { notificationColumns } from './notification-repository';
import { toRule } from './rule-repository';
import { ticketColumns } from './ticket-repository';

const ms = (value: Date | string) => (value instanceof Date ? value : new Date(value)).getTime();
const msOrNull = (value: Date | string | null) => (value === null ? null : ms(value));
const parse = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** What one firing of a rule writes, over one transaction (decision 0126). */
export function createRuleFiringRepository(db: Db): RuleFiringStore {
  return {
    async notificationAcknowledged(id) {
      const row = await db
        .selectFrom('notifications')
        .select('acknowledged_at')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? row.acknowledged_at !== null : undefined;
    },
    async addNotification(notification) {
      const result = await db
        .insertInto('notifications')
        .values(notificationColumns(notification) as Insertable<NotificationTable>)
        .onConflict((oc) => oc.column('id').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async clearNotification(id, at) {
      await db
        .updateTable('notifications')
        .set({ cleared_at: at })
        .where('id', '=', id)
        .where('cleared_at', 'is', null)
        .execute();
    },
    async setLastFiredAt(ruleId, at) {
      await db
        .updateTable('rules')
        .set({ last_fired_at: at })
        .where('id', '=', ruleId)
        .where((eb) => eb.or([eb('last_fired_at', 'is', null), eb('last_fired_at', '<', new Date(at))]))
        .execute();
    },
    async openRuleTicket(ruleId, vehicleId) {
      const row = await db
        .selectFrom('tickets')
        .innerJoin('notifications', 'notifications.id', 'tickets.notification_id')
        .select('tickets.id')
        .where('tickets.vehicle_id', '=', vehicleId)
        .where('tickets.source', '=', 'rule')
        .where('tickets.status', 'not in', [TICKET_STATUS.CLOSED, TICKET_STATUS.DELETED])
        .where('notifications.rule_id', '=', ruleId)
        .orderBy('tickets.created_at', 'desc')
        .executeTakeFirst();
      return row?.id;
    },
    async ticketVehicle(vehicleId) {
      const row = await db
        .selectFrom('vehicles')
        .select(['id', 'dealer_id'])
        .where('id', '=', vehicleId)
        .executeTakeFirst();
      return row ? { id: row.id, dealerId: row.dealer_id } : undefined;
    },
    async nextTicketRef() {
      const row = await sql<{ n: string | number }>`select nextval('ticket_refs') as n`.execute(db);
      return `TCK-${Number(row.rows[0]?.n)}`;
    },
    async setDelivery(id, delivery) {
      const row = await db
        .selectFrom('notifications')
        .select('deliveries')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return;
      const deliveries = parse<NotificationDelivery[]>(row.deliveries).map((d) =>
        d.method === delivery.method ? delivery : d,
      );
      await db
        .updateTable('notifications')
        .set({ deliveries: JSON.stringify(deliveries) as never })
        .where('id', '=', id)
        .execute();
    },
    async insertTicket(ticket) {
      await db
        .insertInto('tickets')
        .values(ticketColumns(ticket) as Insertable<TicketTable>)
        .execute();
    },
  };
}

const DEVICE_KINDS = ['BMS', 'MCU', 'VCU'] as const;

/**
 * What the rule chain reads on the server: enabled rules, the reporting vehicles, their faults and last firings. The
 * enabled rules are read at most once per `rulesTtlMs` (default 1 s: reading and decoding 1,000 rules cost about 45 ms
 * of CPU, more than the rest of a 1,000-sample batch), so a saved rule takes effect within that long; a vehicle as the
 * rules read it (its OEM, model and fitted devices) is kept `vehicleTtlMs` (default 10 s), so a reassigned device or
 * model counts within that long.
 */
export function createRuleChainSource(
  db: Db,
  options: { rulesTtlMs?: number; vehicleTtlMs?: number } = {},
): RuleChainSource {
  const ttl = options.rulesTtlMs ?? 1000;
  const vehicleTtl = options.vehicleTtlMs ?? 10_000;
  /** The vehicles as the rules read them (OEM, model, fitted devices and templates), kept `vehicleTtlMs`. */
  const vehicleCache = new Map<string, { at: number; vehicle: RuleVehicle }>();
  let cached: { at: number; rules: Promise<Rule[]> } | undefined;
  return {
    enabledRules() {
      const now = performance.now();
      if (!cached || now - cached.at >= ttl) {
        const rules = db
          .selectFrom('rules')
          .selectAll()
          .where('enabled', '=', true)
          .orderBy('id')
          .execute()
          .then((rows) => rows.map(toRule));
        cached = { at: now, rules };
        // A failed read is not kept.
        rules.catch(() => {
          if (cached?.rules === rules) cached = undefined;
        });
      }
      return cached.rules;
    },

    async vehicles(all) {
      const out = new Map<string, RuleVehicle>();
      const now = performance.now();
      const ids: string[] = [];
      for (const id of all) {
        const known = vehicleCache.get(id);
        if (known && now - known.at < vehicleTtl) out.set(id, known.vehicle);
        else ids.push(id);
      }
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('vehicles')
        .leftJoin('models', 'models.id', 'vehicles.model_id')
        .select([
          'vehicles.id',
          'vehicles.oem_id',
          'vehicles.model_id',
          'vehicles.bms_id',
          'vehicles.mcu_id',
          'vehicles.vcu_id',
          'models.telemetry_template',
        ])
        .where('vehicles.id', 'in', ids)
        .execute();
      const deviceIds = rows.flatMap((r) => [r.bms_id, r.mcu_id, r.vcu_id]).filter((id): id is string => id !== null);
      const devices = new Map<string, { modelId: string | null; template: KeyRange[] | null }>();
      if (deviceIds.length > 0) {
        const found = await db
          .selectFrom('devices')
          .leftJoin('models', 'models.id', 'devices.model_id')
          .select(['devices.id', 'devices.model_id', 'models.telemetry_template'])
          .where('devices.id', 'in', deviceIds)
          .execute();
        for (const d of found) {
          devices.set(d.id, {
            modelId: d.model_id,
            template: d.telemetry_template ? parse<KeyRange[]>(d.telemetry_template) : null,
          });
        }
      }
      for (const r of rows) {
        const vehicle: RuleVehicle = {
          id: r.id,
          oemId: r.oem_id,
          modelId: r.model_id,
          template: r.telemetry_template ? parse<KeyRange[]>(r.telemetry_template) : TELEMETRY_TEMPLATES.EV,
          devices: {},
        };
        for (const kind of DEVICE_KINDS) {
          const id = kind === 'BMS' ? r.bms_id : kind === 'MCU' ? r.mcu_id : r.vcu_id;
          const device = id ? devices.get(id) : undefined;
          if (id && device)
            vehicle.devices[kind] = {
              id,
              modelId: device.modelId,
              template: device.template ?? TELEMETRY_TEMPLATES[kind],
            };
        }
        out.set(r.id, vehicle);
        vehicleCache.set(r.id, { at: now, vehicle });
      }
      return out;
    },

    async faults(ids, since) {
      const out = new Map<string, RuleFault[]>();
      if (ids.length === 0) return out;
      const rows = await db
        .selectFrom('faults')
        .select(['id', 'vehicle_id', 'device_kind', 'code', 'name', 'severity', 'occurred_at', 'cleared_at'])
        .where('vehicle_id', 'in', ids)
        .where((eb) => eb.or([eb('cleared_at', 'is', null), eb('cleared_at', '>', new Date(since))]))
        .orderBy('occurred_at')
        .orderBy('id')
        .execute();
      for (const f of rows) {
        const fault: RuleFault = {
          id: f.id,
          code: f.code,
          name: f.name,
          severity: f.severity,
          deviceKind: f.device_kind as RuleFault['deviceKind'],
          occurredAt: ms(f.occurred_at),
          clearedAt: msOrNull(f.cleared_at),
        };
        const list = out.get(f.vehicle_id);
        if (list) list.push(fault);
        else out.set(f.vehicle_id, [fault]);
      }
      return out;
    },

    async lastFirings(ids) {
      if (ids.length === 0) return [];
      const rows = await db
        .selectFrom('notifications')
        .select(['id', 'rule_id', 'vehicle_id', 'sent_at', 'cleared_at'])
        .distinctOn(['rule_id', 'vehicle_id'])
        .where('vehicle_id', 'in', ids)
        .where('rule_id', 'is not', null)
        .orderBy('rule_id')
        .orderBy('vehicle_id')
        .orderBy('sent_at', 'desc')
        .execute();
      return rows.map(
        (r): LastFiring => ({
          ruleId: r.rule_id as string,
          vehicleId: r.vehicle_id,
          notificationId: r.id,
          sentAt: ms(r.sent_at),
          clearedAt: msOrNull(r.cleared_at),
        }),
      );
    },
  };
}

/** The fault catalogue of each vehicle and its fitted devices, for the faults vehicles raise live. */
export async function liveFaultContext(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, { devices: Partial<Record<(typeof DEVICE_KINDS)[number], string>>; catalog: ModelFault[] }>> {
  const out = new Map<
    string,
    { devices: Partial<Record<(typeof DEVICE_KINDS)[number], string>>; catalog: ModelFault[] }
  >();
  if (ids.length === 0) return out;
  const vehicles = await db
    .selectFrom('vehicles')
    .select(['id', 'model_id', 'bms_id', 'mcu_id', 'vcu_id'])
    .where('id', 'in', ids)
    .execute();
  const deviceIds = vehicles.flatMap((v) => [v.bms_id, v.mcu_id, v.vcu_id]).filter((id): id is string => id !== null);
  const deviceModels = new Map<string, string | null>();
  if (deviceIds.length > 0) {
    for (const d of await db.selectFrom('devices').select(['id', 'model_id']).where('id', 'in', deviceIds).execute())
      deviceModels.set(d.id, d.model_id);
  }
  const modelIds = new Set<string>();
  for (const v of vehicles) modelIds.add(v.model_id);
  for (const m of deviceModels.values()) if (m) modelIds.add(m);
  const models = new Map<string, ModelFault[]>();
  if (modelIds.size > 0) {
    for (const m of await db
      .selectFrom('models')
      .select(['id', 'faults'])
      .where('id', 'in', [...modelIds])
      .execute())
      models.set(m.id, parse<ModelFault[]>(m.faults) ?? []);
  }
  for (const v of vehicles) {
    const devices: Partial<Record<(typeof DEVICE_KINDS)[number], string>> = {};
    if (v.bms_id && deviceModels.has(v.bms_id)) devices.BMS = v.bms_id;
    if (v.mcu_id && deviceModels.has(v.mcu_id)) devices.MCU = v.mcu_id;
    if (v.vcu_id && deviceModels.has(v.vcu_id)) devices.VCU = v.vcu_id;
    const fitted = Object.values(devices).map((id) => deviceModels.get(id));
    out.set(v.id, {
      devices,
      catalog: faultCatalogOf([models.get(v.model_id), ...fitted.map((m) => (m ? models.get(m) : undefined))]),
    });
  }
  return out;
}

/** Stores live faults (a message stored twice keeps its faults once). */
export async function insertLiveFaults(db: Db, faults: readonly Fault[]): Promise<void> {
  if (faults.length === 0) return;
  await db
    .insertInto('faults')
    .values(faults.map((f) => faultColumns(f) as Insertable<FaultTable>))
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** The delivery settings of a tenant (`platform` or an OEM id). */
export async function deliverySettings(
  db: Db,
  tenantIds: readonly string[],
): Promise<Map<string, { smtpSender: string | null; smsSenderId: string | null; webhookSecret: string | null }>> {
  const out = new Map<
    string,
    { smtpSender: string | null; smsSenderId: string | null; webhookSecret: string | null }
  >();
  if (tenantIds.length === 0) return out;
  const rows = await db
    .selectFrom('company_settings')
    .select(['tenant_id', 'smtp_sender', 'sms_sender_id', 'webhook_secret'])
    .where('tenant_id', 'in', tenantIds)
    .execute();
  for (const r of rows)
    out.set(r.tenant_id, { smtpSender: r.smtp_sender, smsSenderId: r.sms_sender_id, webhookSecret: r.webhook_secret });
  return out;
}

/** Replaces the outcome of one delivery method of a notification (a web-hook call's, once it answered). */
export async function setNotificationDelivery(db: Db, id: string, delivery: NotificationDelivery): Promise<void> {
  await db.transaction().execute((tx) => createRuleFiringRepository(tx).setDelivery(id, delivery));
}
