import { type NotificationEvent, notificationEventSchema } from '@/domain/live-payloads';
import { topics } from '@/shared/lib/live/topics';
import type { Db } from '../db/database';
import {
  createRuleChainSource,
  createRuleFiringRepository,
  deliverySettings,
  insertLiveFaults,
  liveFaultContext,
} from '../db/repositories/rule-chain-repository';
import { raisedFaults } from '../services/faults/raise-faults';
import type { Fault } from '../services/faults/fault-types';
import type { VehicleSample } from '../services/ingestion/ingestion-store';
import type { Notification } from '../services/notifications/notification-types';
import {
  createRuleMemory,
  deliveryConfigFrom,
  type Fired,
  type RuleMemory,
  runRulesOnReports,
  type ServerRuleChainDeps,
} from '../services/rules/rule-chain';
import type { DeliveryGateway } from '../services/rules/rule-notification';

/**
 * The rule chain on the server (issue 35 item 2, decision 0126), run by the telemetry consumer after each written
 * batch: the faults the batch raised are stored, then every enabled rule runs over the batch's reports
 * (`runRulesOnReports`), and each notification it stores is published on its vehicle's notifications topic.
 * The anti-flap state lives in this process's memory (`RuleMemory`), resumed per vehicle from PostgreSQL.
 */
export interface RuleLive {
  /** The consumer's after-write step. */
  afterWrite(samples: readonly VehicleSample[]): Promise<void>;
  counters(): RuleLiveCounters;
  /** The anti-flap state (tests). */
  memory: RuleMemory;
}

export interface RuleLiveCounters {
  faults: number;
  notifications: number;
  /** Firings of rules that open tickets (the ticket new or already open). */
  withTicket: number;
  published: number;
}

/**
 * What this server answers for the channels it cannot deliver yet: e-mail (no SMTP client), SMS (no gateway) and
 * web-hooks (no signed HTTP delivery) are recorded as failed with the reason, never as delivered.
 */
export const SERVER_GATEWAY: DeliveryGateway = {
  email: () => 'E-mail delivery through SMTP is not implemented on this server yet.',
  sms: () => 'SMS delivery is not implemented on this server yet.',
  webhook: () => 'Web-hook delivery is not implemented on this server yet.',
};

/** The live payload of a stored notification. */
export function notificationEvent(notification: Notification, ticketId: string | null): NotificationEvent {
  return notificationEventSchema.parse({
    v: 1,
    vehicleUid: notification.vehicleId,
    notificationId: notification.id,
    ruleId: notification.ruleId,
    ruleName: notification.ruleName,
    title: notification.title,
    message: notification.message.slice(0, 2000),
    severity: notification.severity,
    faultId: notification.faultId,
    ticketId,
    ts: Date.parse(notification.sentAt),
  });
}

export function createRuleLive(
  db: Db,
  publish: (topic: string, payload: string) => Promise<void> | void,
  options: { now?: () => Date; debug?: (message: string, detail?: Record<string, unknown>) => void } = {},
): RuleLive {
  const now = options.now ?? (() => new Date());
  const debug = options.debug ?? (() => undefined);
  const memory = createRuleMemory();
  const counters: RuleLiveCounters = { faults: 0, notifications: 0, withTicket: 0, published: 0 };
  const deps: ServerRuleChainDeps = {
    source: createRuleChainSource(db),
    transact: (work) => db.transaction().execute((tx) => work(createRuleFiringRepository(tx))),
    async deliveryConfig(oemId) {
      const settings = await deliverySettings(db, oemId ? ['platform', oemId] : ['platform']);
      return deliveryConfigFrom(oemId ? settings.get(oemId) : undefined, settings.get('platform'));
    },
    gateway: SERVER_GATEWAY,
    now,
    publish(notification, ticketId) {
      const topic = topics.notification(notification.vehicleId);
      Promise.resolve(publish(topic, JSON.stringify(notificationEvent(notification, ticketId))))
        .then(() => {
          counters.published += 1;
        })
        .catch((error) => debug('rules: publish failed', { error: String(error) }));
    },
  };

  async function storeFaults(samples: readonly VehicleSample[]): Promise<void> {
    const raising = samples.filter((s) => s.faults && s.faults.length > 0);
    if (raising.length === 0) return;
    const context = await liveFaultContext(db, [...new Set(raising.map((s) => s.vehicleId))]);
    const rows: Fault[] = [];
    for (const s of raising) {
      const vehicle = context.get(s.vehicleId);
      if (!vehicle) continue;
      rows.push(...raisedFaults({ id: s.vehicleId, devices: vehicle.devices }, vehicle.catalog, s.faults ?? [], s.at));
    }
    await insertLiveFaults(db, rows);
    counters.faults += rows.length;
  }

  return {
    memory,
    counters: () => ({ ...counters }),
    async afterWrite(samples) {
      await storeFaults(samples);
      const fired: Fired[] = await runRulesOnReports(
        deps,
        memory,
        samples.map((s) => ({ vehicleId: s.vehicleId, t: s.at, telemetry: s.values })),
      );
      counters.notifications += fired.length;
      counters.withTicket += fired.filter((f) => f.ticketId !== null).length;
    },
  };
}
