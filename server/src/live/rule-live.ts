import { type NotificationEvent, notificationEventSchema } from '@/domain/live-payloads';
import { topics } from '@/shared/lib/live/topics';
import type { Db } from '../db/database';
import {
  createRuleChainSource,
  createRuleFiringRepository,
  deliverySettings,
  insertLiveFaults,
  liveFaultContext,
  setNotificationDelivery,
} from '../db/repositories/rule-chain-repository';
import { raisedFaults } from '../services/faults/raise-faults';
import type { Fault } from '../services/faults/fault-types';
import type { CommandDeps } from '../services/commands/command-store';
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
import { deliverWebhook, type WebhookPost } from '../services/rules/webhook-delivery';

/**
 * The rule chain on the server (issue 35 item 2, decision 0126), run by the telemetry consumer after each written
 * batch: the faults the batch raised are stored, then every enabled rule runs over the batch's reports
 * (`runRulesOnReports`), and each notification it stores is published on its vehicle's notifications topic; a rule's
 * command goes out through the command service, published on the vehicle's command topic.
 * The anti-flap state lives in this process's memory (`RuleMemory`), resumed per vehicle from PostgreSQL.
 */
export interface RuleLive {
  /** The consumer's after-write step. */
  afterWrite(samples: readonly VehicleSample[]): Promise<void>;
  counters(): RuleLiveCounters;
  /** Waits for the web-hook calls in flight (and their outcomes' writes): before the database closes. */
  settle(): Promise<void>;
  /** The anti-flap state (tests). */
  memory: RuleMemory;
}

export interface RuleLiveCounters {
  faults: number;
  notifications: number;
  /** Firings of rules that open tickets (the ticket new or already open). */
  withTicket: number;
  published: number;
  /** Web-hook calls answered 2xx, and those that failed. */
  webhooksDelivered: number;
  webhooksFailed: number;
}

/**
 * What this server answers per channel: web-hooks are called after the notification is stored (recorded `sent`, then
 * `delivered` or `failed` with the endpoint's answer: `webhook-delivery.ts`); the channels it cannot deliver yet,
 * e-mail (no SMTP client) and SMS (no gateway), are recorded as failed with the reason, never as delivered.
 */
export const SERVER_GATEWAY: DeliveryGateway = {
  email: () => 'E-mail delivery through SMTP is not implemented on this server yet.',
  sms: () => 'SMS delivery is not implemented on this server yet.',
  webhook: () => null,
  webhookDeferred: true,
};

/** The web-hook POST of the server: `fetch`, no redirects followed, aborted after the time-out. */
export const fetchPost: WebhookPost = async (url, { body, headers, timeoutMs }) => {
  const response = await fetch(url, {
    method: 'POST',
    body,
    headers,
    redirect: 'manual',
    signal: AbortSignal.timeout(timeoutMs),
  });
  await response.body?.cancel().catch(() => undefined);
  return { status: response.status };
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
  /** The command service's dependencies (a rule's command is sent through them, published to its vehicle). */
  commands: CommandDeps,
  publish: (topic: string, payload: string) => Promise<void> | void,
  options: {
    now?: () => Date;
    debug?: (message: string, detail?: Record<string, unknown>) => void;
    /** How web-hooks are called (tests give a fake); default `fetchPost`. */
    post?: WebhookPost;
  } = {},
): RuleLive {
  const now = options.now ?? (() => new Date());
  const debug = options.debug ?? (() => undefined);
  const post = options.post ?? fetchPost;
  const memory = createRuleMemory();
  const counters: RuleLiveCounters = {
    faults: 0,
    notifications: 0,
    withTicket: 0,
    published: 0,
    webhooksDelivered: 0,
    webhooksFailed: 0,
  };
  const inFlight = new Set<Promise<void>>();

  /** Calls the rule's web-hook for a stored notification whose web-hook delivery is `sent`, and records the answer. */
  function callWebhook(fired: Fired): void {
    const pending = fired.notification.deliveries.find((d) => d.method === 8 && d.status === 'sent');
    if (!pending) return;
    const oemId = fired.rule.oemId;
    const call = (async () => {
      const settings = await deliverySettings(db, ['platform', oemId]);
      const secret = settings.get(oemId)?.webhookSecret ?? settings.get('platform')?.webhookSecret ?? null;
      const outcome = await deliverWebhook(post, {
        url: fired.rule.webhookUrl,
        secret,
        notification: fired.notification,
        ticketId: fired.ticketId,
        now: now(),
      });
      await setNotificationDelivery(db, fired.notification.id, outcome);
      if (outcome.status === 'delivered') counters.webhooksDelivered += 1;
      else counters.webhooksFailed += 1;
    })()
      .catch((error) => debug('rules: web-hook call failed', { error: String(error) }))
      .finally(() => inFlight.delete(call));
    inFlight.add(call);
  }

  const deps: ServerRuleChainDeps = {
    source: createRuleChainSource(db),
    transact: (work) => db.transaction().execute((tx) => work(createRuleFiringRepository(tx))),
    async deliveryConfig(oemId) {
      const settings = await deliverySettings(db, oemId ? ['platform', oemId] : ['platform']);
      return deliveryConfigFrom(oemId ? settings.get(oemId) : undefined, settings.get('platform'));
    },
    gateway: SERVER_GATEWAY,
    commands,
    now,
    onFired: (fired) => callWebhook(fired),
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
    async settle() {
      while (inFlight.size > 0) await Promise.all([...inFlight]);
    },
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
