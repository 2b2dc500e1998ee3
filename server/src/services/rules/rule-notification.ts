import { COMPARATOR_LABELS, type Comparator, type KeyRange, type RuleConditionValue } from '@/domain/rules';
import type { Notification, NotificationDelivery } from '../notifications/notification-types';
import type { RuleEvent, Sample } from './rule-evaluator';
import type { RuleTarget } from './rule-store';
import type { Rule } from './rule-types';

/**
 * What a rule's firing sends (decision 0063): the notification's text, and one delivery outcome per method given the
 * delivery configuration of the rule's OEM. Pure: the demo's engine and the server's ingestion (issue 35) call it
 * with what they read, and write the notification through the notification store.
 */

/** What the rules of one OEM send with: its own settings, each empty field falling back to the platform's. */
export interface DeliveryConfig {
  smtpSender: string | null;
  smsSenderId: string | null;
  webhookSigned: boolean;
}

/** What a gateway answered for one send: null when it took it, else its error. */
export interface DeliveryGateway {
  /** The SMTP relay, when the caller has one to answer (the demo has none: a set sender is taken as delivered). */
  email?(notificationId: string, recipients: readonly string[]): string | null;
  sms(notificationId: string, recipients: readonly string[]): string | null;
  /**
   * Null when the call may go out, else why not. With `webhookDeferred` the call is made after the notification is
   * stored (the server: `webhook-delivery.ts`), so the outcome recorded now is `sent`, not `delivered`.
   */
  webhook(notificationId: string, url: string | null): string | null;
  webhookDeferred?: boolean;
}

/** A fault occurrence of the target's vehicle, as a firing names it. */
export interface FiringFault {
  id: string;
  code: string;
  name: string;
  occurredAt: number;
  clearedAt: number | null;
}

export type FiringRule = Pick<
  Rule,
  | 'id'
  | 'name'
  | 'deviceKind'
  | 'conditionOperator'
  | 'conditions'
  | 'severity'
  | 'deliveryMethods'
  | 'recipients'
  | 'webhookUrl'
  | 'commandCode'
  | 'openTicket'
>;

/** Where a missing delivery setting is set (the error a failed channel shows). */
const SET_IN_SETTINGS = 'set it in Settings, Delivery methods';

/** A fire event notifies unless it is a reminder of an open notification someone acknowledged already. */
export function notifies(event: RuleEvent, open: { acknowledgedAt: unknown } | undefined): boolean {
  if (event.type !== 'fire') return false;
  return !(event.reminder && open?.acknowledgedAt != null);
}

/** The id of a firing's notification: one rule, vehicle and moment send one notification, however often it runs. */
export const firingNotificationId = (ruleId: string, vehicleId: string, t: number) =>
  `ntf-r-${ruleId}-${vehicleId}-${t}`;

function describe(condition: RuleConditionValue, sample: Sample, template: readonly KeyRange[]): string {
  const op = COMPARATOR_LABELS[condition.comparator as Comparator];
  if (condition.kind === 'fault')
    return `a fault ${condition.key ?? ''} with severity ${op} ${condition.value}`.replace('  ', ' ');
  const key = template.find((k) => k.key === condition.key);
  const value = condition.key === null ? undefined : sample.telemetry[condition.key];
  return `${key?.label ?? condition.key} ${value ?? '?'} ${key?.unit ?? ''} (${op} ${condition.value})`.replace(
    /\s+/g,
    ' ',
  );
}

/** One outcome per delivery method, the same for the same notification, configuration and gateway answers. */
export function deliveriesOf(
  rule: FiringRule,
  id: string,
  t: number,
  config: DeliveryConfig,
  gateway: DeliveryGateway,
): NotificationDelivery[] {
  const out: NotificationDelivery[] = [];
  const at = new Date(t + 1000).toISOString();
  const has = (bit: number) => (rule.deliveryMethods & bit) !== 0;
  const failed = (method: NotificationDelivery['method'], error: string) =>
    out.push({ method, status: 'failed', error, at });
  const delivered = (method: NotificationDelivery['method']) =>
    out.push({ method, status: 'delivered', error: null, at });
  if (has(1)) delivered(1);
  if (has(2)) {
    if (!config.smtpSender) failed(2, `No e-mail sender (SMTP) is set up: ${SET_IN_SETTINGS}.`);
    else if (!rule.recipients.some((r) => r.includes('@'))) failed(2, 'No e-mail recipient.');
    else {
      const error = gateway.email?.(
        id,
        rule.recipients.filter((r) => r.includes('@')),
      );
      if (error) failed(2, error);
      else delivered(2);
    }
  }
  if (has(4)) {
    const error = config.smsSenderId ? gateway.sms(id, rule.recipients) : null;
    if (!config.smsSenderId) failed(4, `No SMS sender id is set up: ${SET_IN_SETTINGS}.`);
    else if (error) failed(4, error);
    else delivered(4);
  }
  if (has(8)) {
    const error = gateway.webhook(id, rule.webhookUrl);
    if (error) failed(8, error);
    else if (!config.webhookSigned)
      failed(8, `No web-hook signing secret is set up, and unsigned calls are not sent: ${SET_IN_SETTINGS}.`);
    else if (gateway.webhookDeferred) out.push({ method: 8, status: 'sent', error: null, at });
    else delivered(8);
  }
  if (has(16)) out.push({ method: 16, status: 'sent', error: null, at });
  if (has(32)) {
    out.push({
      method: 32,
      status: rule.commandCode ? 'sent' : 'failed',
      error: rule.commandCode ? null : 'The rule names no command.',
      at,
    });
  }
  return out;
}

/**
 * The notification of one firing (or reminder) of a rule on a target at a sample: its title, its message (what the
 * target is, the fault it names, the telemetry that held) and the outcome of each delivery method.
 */
export function ruleNotification(input: {
  rule: FiringRule;
  target: RuleTarget;
  sample: Sample;
  reminder: boolean;
  faults: readonly FiringFault[];
  config: DeliveryConfig;
  gateway: DeliveryGateway;
}): Notification {
  const { rule, target, sample } = input;
  const id = firingNotificationId(rule.id, target.vehicleId, sample.t);
  const matching = rule.conditions.find((c) => c.kind === 'fault');
  const fault = matching
    ? input.faults.find(
        (f) =>
          f.occurredAt <= sample.t &&
          (f.clearedAt === null || f.clearedAt > sample.t) &&
          (matching.key === null || matching.key === f.code),
      )
    : undefined;
  const what = rule.conditions
    .filter((c) => c.kind === 'telemetry')
    .map((c) => describe(c as RuleConditionValue, sample, target.template));
  return {
    id,
    vehicleId: target.vehicleId,
    faultId: fault?.id ?? null,
    ruleId: rule.id,
    ruleName: rule.name,
    deliveryMethods: rule.deliveryMethods,
    title: input.reminder ? `Reminder: ${rule.name}` : rule.name,
    message: [
      `${rule.deviceKind === 'EV' ? target.vehicleId : `${rule.deviceKind} ${target.sourceId}`} on ${target.vehicleId}`,
      fault ? `${fault.code} (${fault.name})` : null,
      what.length ? what.join(rule.conditionOperator === 2 ? ' or ' : ', ') : null,
    ]
      .filter(Boolean)
      .join(': '),
    severity: rule.severity,
    sentAt: new Date(sample.t).toISOString(),
    deliveries: deliveriesOf(rule, id, sample.t, input.config, input.gateway),
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    clearedAt: null,
    ticketRequested: rule.openTicket,
  };
}
