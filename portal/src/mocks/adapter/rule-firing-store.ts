import { RULE_TICKET_DONE, type RuleFiringStore, type RuleVehicle } from '@services/rules/rule-chain';
import type { DeliveryConfig } from '@services/rules/rule-notification';
import { deliveryConfigFrom } from '@services/rules/rule-chain';
import type { WorldDb } from '../world/db';
import { TELEMETRY_TEMPLATES } from '../world/model-catalog';
import { nextWorldRef, ticketRecordOf } from '../world/tickets';
import type { Vehicle } from '../world/types';
import { fromApi } from '../handlers/lib/serialize';
import { worldNotificationStore } from './notification-store';

/**
 * The rule chain's storage over the demo world (decision 0126): what one firing writes (the notification, its clear,
 * the rule's last firing, the rule's ticket) in the world's tables, as the server's `rule-chain-repository.ts` does in
 * PostgreSQL. The chain itself is the services' (`services/rules/rule-chain.ts`).
 */
export function worldRuleFiringStore(db: WorldDb): RuleFiringStore {
  const notifications = worldNotificationStore(db);
  return {
    async notificationAcknowledged(id) {
      const n = db.tables.notifications.get(id);
      return n ? n.acknowledgedAt !== null : undefined;
    },
    addNotification: (notification) => notifications.add(notification),
    async clearNotification(id, at) {
      const n = db.tables.notifications.get(id);
      if (n && n.clearedAt === null) db.tables.notifications.update(id, { clearedAt: Date.parse(at) });
    },
    async setLastFiredAt(ruleId, at) {
      const rule = db.tables.rules.get(ruleId);
      const t = Date.parse(at);
      if (rule && (rule.lastFiredAt === null || rule.lastFiredAt < t))
        db.tables.rules.update(ruleId, { lastFiredAt: t });
    },
    async openRuleTicket(ruleId, vehicleId) {
      for (const ticket of db.tables.tickets.values()) {
        if (ticket.vehicleId !== vehicleId || ticket.source !== 'rule' || RULE_TICKET_DONE.has(ticket.status)) continue;
        const cause = ticket.notificationId ? db.tables.notifications.get(ticket.notificationId) : undefined;
        if (cause?.ruleId === ruleId) return ticket.id;
      }
      return undefined;
    },
    async ticketVehicle(vehicleId) {
      const vehicle = db.tables.vehicles.get(vehicleId);
      return vehicle ? { id: vehicle.id, dealerId: vehicle.dealerId } : undefined;
    },
    async setDelivery(id, delivery) {
      const n = db.tables.notifications.get(id);
      if (!n) return;
      db.tables.notifications.update(id, {
        deliveries: n.deliveries.map((d) =>
          d.method === delivery.method ? fromApi<(typeof n.deliveries)[number]>(delivery) : d,
        ),
      });
    },
    nextTicketRef: async () => nextWorldRef(db),
    async insertTicket(ticket) {
      db.tables.tickets.insert(ticketRecordOf(ticket));
    },
  };
}

const DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId' } as const;
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

/** A world vehicle as the rules read it (`RuleVehicle`): its model's template, its fitted devices and theirs. */
export function worldRuleVehicle(db: WorldDb, vehicle: Vehicle): RuleVehicle {
  const devices: RuleVehicle['devices'] = {};
  for (const kind of ['BMS', 'MCU', 'VCU'] as const) {
    const id = vehicle[DEVICE_FIELD[kind]];
    const device = id ? db.tables[DEVICE_TABLE[kind]].get(id) : undefined;
    if (!device) continue;
    const template =
      (device.modelId ? db.tables.models.get(device.modelId)?.telemetryTemplate : undefined) ??
      TELEMETRY_TEMPLATES[kind];
    devices[kind] = { id: device.id, modelId: device.modelId ?? null, template };
  }
  return {
    id: vehicle.id,
    oemId: vehicle.oemId,
    modelId: vehicle.modelId,
    template: db.tables.models.get(vehicle.modelId)?.telemetryTemplate ?? TELEMETRY_TEMPLATES.EV,
    devices,
  };
}

/** The delivery configuration the rules of `oemId` send with (decision 0088), from the world's Settings. */
export function worldDeliveryConfig(db: WorldDb, oemId: string | null): DeliveryConfig {
  const platform = db.tables.companySettings.get('platform');
  const own = oemId ? db.tables.companySettings.get(oemId) : undefined;
  const pick = (s: typeof platform) =>
    s
      ? { smtpSender: s.smtpSender ?? null, smsSenderId: s.smsSenderId ?? null, webhookSecret: s.webhookSecret ?? null }
      : undefined;
  return deliveryConfigFrom(pick(own), pick(platform));
}
