/**
 * The rule chain (issue 35 item 2; decision 0126): what happens between "a vehicle reported" and "someone is told".
 * Samples go through the evaluator (`rule-evaluator.ts`: conditions, pending duration, cool-down, clear, reminders)
 * with the anti-flap state of each rule and vehicle kept in a `RuleMemory`; each firing becomes a notification
 * (`rule-notification.ts`), stored once, published live, and, for a rule with "open a ticket", one ticket per rule and
 * vehicle while it is not closed (`openRuleTicket`), with its SLA clock running; a clear clears the open notification.
 * A rule with Command (32) sends its command through the command service (`sendRuleCommand`).
 *
 * One implementation for both callers: the server runs it from its telemetry consumer on what vehicles report
 * (`runRulesOnReports`), the demo's engine (`portal/src/mocks/world/rule-engine.ts`) on its simulated telemetry
 * (`ruleMemoryOf` and `applyRuleRun`). Storage is the caller's (`RuleFiringStore`).
 */
import { TICKET_STATUS } from '@/domain/enums';
import type { TicketPriority } from '@/domain/tickets';
import type { CommandDeps } from '../commands/command-store';
import { sendRuleCommand } from '../commands/send-commands';
import type { Notification, NotificationDelivery } from '../notifications/notification-types';
import { newTicket } from '../tickets/open-ticket';
import type { StoredTicket } from '../tickets/ticket-types';
import {
  type EvaluatedRule,
  type EvaluationState,
  evaluateSamples,
  IDLE,
  type RuleEvent,
  type Sample,
  type SampleFault,
} from './rule-evaluator';
import {
  type DeliveryConfig,
  type DeliveryGateway,
  type FiringFault,
  type FiringRule,
  notifies,
  ruleNotification,
} from './rule-notification';
import type { RuleTarget } from './rule-store';
import type { Rule } from './rule-types';

// ---- Targets: which vehicle (or fitted device) a rule watches ----

export type RuleDeviceKindOf = Rule['deviceKind'];
type FittedKind = Exclude<RuleDeviceKindOf, 'EV'>;

/** A vehicle as the rules read it: its OEM and model, and each fitted device with its model and template. */
export interface RuleVehicle {
  id: string;
  oemId: string;
  modelId: string;
  /** The telemetry template of the vehicle's model. */
  template: RuleTarget['template'];
  devices: Partial<Record<FittedKind, { id: string; modelId: string | null; template: RuleTarget['template'] }>>;
}

/** What of a rule decides its targets. */
export type TargetedRule = Pick<Rule, 'deviceKind' | 'scope' | 'oemId' | 'modelId' | 'vehicleId'>;

/**
 * The target a rule watches on one vehicle, or null: an EV rule the vehicle itself, a BMS/MCU/VCU rule the fitted
 * device of its kind; scope OEM (1) the OEM's vehicles, Model (2) those whose vehicle (or device) is of the model,
 * Device (3) the one vehicle.
 */
export function ruleTargetOf(rule: TargetedRule, vehicle: RuleVehicle): RuleTarget | null {
  if (rule.scope === 3) {
    if (rule.vehicleId !== vehicle.id) return null;
  } else if (vehicle.oemId !== rule.oemId) return null;
  if (rule.deviceKind === 'EV') {
    if (rule.scope === 2 && vehicle.modelId !== rule.modelId) return null;
    return { vehicleId: vehicle.id, sourceId: vehicle.id, deviceId: null, template: vehicle.template };
  }
  const device = vehicle.devices[rule.deviceKind];
  if (!device) return null;
  if (rule.scope === 2 && device.modelId !== rule.modelId) return null;
  return { vehicleId: vehicle.id, sourceId: device.id, deviceId: device.id, template: device.template };
}

/** A fault occurrence as a rule reads it: what a sample holds while it is active, and what a firing names. */
export interface RuleFault extends FiringFault {
  severity: number;
  deviceKind: RuleDeviceKindOf;
}

/** The faults of a vehicle a rule of `deviceKind` reads: all of them for an EV rule, else its device kind's. */
export function faultsForRule<F extends { deviceKind: string }>(deviceKind: RuleDeviceKindOf, faults: readonly F[]) {
  return deviceKind === 'EV' ? faults : faults.filter((f) => f.deviceKind === deviceKind);
}

/** The faults active at `t` (occurred at or before, not cleared by then), as a sample holds them. */
export function activeFaultsAt(faults: readonly RuleFault[], t: number): SampleFault[] {
  const out: SampleFault[] = [];
  for (const f of faults) {
    if (f.occurredAt <= t && (f.clearedAt === null || f.clearedAt > t))
      out.push({ code: f.code, severity: f.severity });
  }
  return out;
}

// ---- Anti-flap state ----

/** One rule's evaluation state per vehicle, and its open notification per vehicle (for its clear and reminders). */
export interface RuleRunMemory {
  /** The rule's `updatedAt` when this memory was made: an edit, enable or disable starts it afresh. */
  version: string | number;
  states: Map<string, EvaluationState>;
  open: Map<string, string>;
  /** Where the caller's schedule stopped (the demo's engine: the last evaluated step). */
  until: number;
}

/**
 * The anti-flap state of every rule (decision 0126): held in the memory of the process that evaluates, one per demo
 * world and one per server. A server that restarts resumes each rule and vehicle from its newest notification
 * (`RuleFiringStore.lastFirings`), so a cool-down and an open notification survive; a pending period restarts.
 */
export interface RuleMemory {
  rules: Map<string, RuleRunMemory>;
  /** Vehicles whose state was resumed from the stored notifications (the server, once per vehicle). */
  resumed: Set<string>;
  /** Resumed states of rules not in memory yet: rule id -> vehicle id -> state and open notification. */
  pending: Map<string, Map<string, { state: EvaluationState; open: string | null }>>;
}

export function createRuleMemory(): RuleMemory {
  return { rules: new Map(), resumed: new Set(), pending: new Map() };
}

/**
 * The rule's memory, made afresh when the rule was never seen or was saved since (`fresh` true). Resumed states
 * (a server after a restart) are taken in when the rule's version is unchanged since the firing they come from.
 */
export function ruleMemoryOf(
  memory: RuleMemory,
  rule: { id: string; updatedAt: string | number },
  until: number,
): { mine: RuleRunMemory; fresh: boolean } {
  const current = memory.rules.get(rule.id);
  if (current && current.version === rule.updatedAt) return { mine: current, fresh: false };
  const mine: RuleRunMemory = { version: rule.updatedAt, states: new Map(), open: new Map(), until };
  memory.rules.set(rule.id, mine);
  return { mine, fresh: true };
}

/** Forgets a rule (disabled or deleted). */
export function forgetRule(memory: RuleMemory, ruleId: string): void {
  memory.rules.delete(ruleId);
}

// ---- Storage of what a firing writes ----

/** A stored notification's newest firing of a rule on a vehicle (to resume after a restart). */
export interface LastFiring {
  ruleId: string;
  vehicleId: string;
  notificationId: string;
  sentAt: number;
  clearedAt: number | null;
}

/** What the chain reads and writes (the server's `rule-chain-repository.ts`, the demo's world adapter). */
export interface RuleFiringStore {
  /** Whether the notification was acknowledged (a reminder of an acknowledged one is not sent). */
  notificationAcknowledged(id: string): Promise<boolean | undefined>;
  /** Stores the notification unless one of its id exists; true when this call wrote it. */
  addNotification(notification: Notification): Promise<boolean>;
  /** Marks the notification cleared at `at` unless it already is. */
  clearNotification(id: string, at: string): Promise<void>;
  /** Moves the rule's last firing to `at` unless it is later already. */
  setLastFiredAt(ruleId: string, at: string): Promise<void>;
  /** The id of the rule's ticket on the vehicle that is neither closed nor deleted, if any. */
  openRuleTicket(ruleId: string, vehicleId: string): Promise<string | undefined>;
  /** The vehicle's service centre, if the vehicle exists. */
  ticketVehicle(vehicleId: string): Promise<{ id: string; dealerId: string | null } | undefined>;
  nextTicketRef(): Promise<string>;
  insertTicket(ticket: StoredTicket): Promise<void>;
  /** Replaces the notification's outcome of `delivery.method` (a command the command service refused). */
  setDelivery(notificationId: string, delivery: NotificationDelivery): Promise<void>;
}

export interface RuleChainDeps {
  /** Runs the writes of one firing together (the notification and its ticket commit or fail as one). */
  transact<T>(work: (store: RuleFiringStore) => Promise<T>): Promise<T>;
  /** The delivery configuration the rules of an OEM send with (decision 0088). */
  deliveryConfig(oemId: string | null): Promise<DeliveryConfig>;
  gateway: DeliveryGateway;
  /**
   * The command service's dependencies: a firing of a rule with Command (32) sends the rule's command through
   * `sendRuleCommand` (the send path of `POST /commands/send`), published to the vehicle on the server, to the
   * in-page broker in the demo.
   */
  commands: CommandDeps;
  now: () => Date;
  /** Publishes a stored notification live (the server: its vehicle's notifications topic). */
  publish?(notification: Notification, ticketId: string | null): void;
  /** Called after a firing is stored (the demo sends the rule's command through it). */
  onFired?(fired: Fired): void;
}

/** A rule as the chain runs it: its timing and conditions, what it sends, its OEM (the server's or the demo's row). */
export type ChainRule = EvaluatedRule & FiringRule & { oemId: string };

/** One stored firing. */
export interface Fired {
  notification: Notification;
  ticketId: string | null;
  rule: ChainRule;
  target: RuleTarget;
}

/** The delivery configuration of an OEM's rules: each of its own settings, else the platform's (decision 0088). */
export function deliveryConfigFrom(
  own: { smtpSender: string | null; smsSenderId: string | null; webhookSecret: string | null } | undefined,
  platform: { smtpSender: string | null; smsSenderId: string | null; webhookSecret: string | null } | undefined,
): DeliveryConfig {
  return {
    smtpSender: own?.smtpSender ?? platform?.smtpSender ?? null,
    smsSenderId: own?.smsSenderId ?? platform?.smsSenderId ?? null,
    webhookSigned: (own?.webhookSecret ?? platform?.webhookSecret ?? null) !== null,
  };
}

// ---- Tickets ----

/** A notification's severity (spec §3: 0 info … 5) as a ticket priority. */
export function priorityOfSeverity(severity: number): TicketPriority {
  if (severity >= 4) return 'critical';
  if (severity === 3) return 'high';
  if (severity === 2) return 'medium';
  return 'low';
}

/** Ticket statuses after which a rule opens a new ticket. */
export const RULE_TICKET_DONE = new Set<number>([TICKET_STATUS.CLOSED, TICKET_STATUS.DELETED]);

/**
 * What a rule with "open a ticket" does for a notification (decision 0063): one ticket per rule and vehicle while it
 * is not closed, opened by the system in the vehicle's service centre with its SLA clock running (`newTicket`), linked
 * to the notification and its fault. Reminders and repeated firings add nothing while that ticket is open. Answers the
 * ticket id, new or existing (null when the vehicle is gone).
 */
export async function openRuleTicket(
  store: RuleFiringStore,
  notification: Notification,
  rule: Pick<Rule, 'id' | 'name'>,
): Promise<string | null> {
  const existing = await store.openRuleTicket(rule.id, notification.vehicleId);
  if (existing) return existing;
  const vehicle = await store.ticketVehicle(notification.vehicleId);
  if (!vehicle) return null;
  const ticket = newTicket({
    ref: await store.nextTicketRef(),
    title: notification.title.includes(rule.name) ? notification.title : `${rule.name}: ${notification.title}`,
    description: `Opened by the rule "${rule.name}". ${notification.message}`,
    priority: priorityOfSeverity(notification.severity),
    source: 'rule',
    vehicle,
    faultId: notification.faultId,
    notificationId: notification.id,
    actor: { id: null, name: `Rule: ${rule.name}` },
    now: new Date(notification.sentAt),
  });
  await store.insertTicket(ticket);
  return ticket.id;
}

// ---- One rule's run on one target ----

/**
 * Evaluates the samples of one target (oldest first) from the rule's state for its vehicle and records what the
 * events do: a clear clears the open notification; a firing (unless a reminder of an acknowledged notification) is
 * stored once, with its ticket when the rule opens tickets, then published. Answers the stored firings.
 */
export async function applyRuleRun(
  deps: RuleChainDeps,
  mine: RuleRunMemory,
  rule: ChainRule,
  target: RuleTarget,
  samples: readonly Sample[],
  faults: readonly FiringFault[],
  config: DeliveryConfig,
): Promise<Fired[]> {
  const events = stepRuleRun(mine, rule, target.vehicleId, samples);
  if (events.length === 0) return [];
  return recordRuleEvents(deps, mine, rule, target, events, samples, faults, config);
}

/** The evaluation half of `applyRuleRun`: steps the rule's state for the vehicle over the samples; answers the events. */
export function stepRuleRun(
  mine: RuleRunMemory,
  rule: ChainRule,
  vehicleId: string,
  samples: readonly Sample[],
): RuleEvent[] {
  const run = evaluateSamples(rule, samples, mine.states.get(vehicleId) ?? IDLE);
  if (run.state.phase === 'idle' && run.state.lastFiredAt === null) mine.states.delete(vehicleId);
  else mine.states.set(vehicleId, run.state);
  return run.events;
}

/** The recording half of `applyRuleRun`: what the events of one run do (`samples` hold each event's time). */
export async function recordRuleEvents(
  deps: RuleChainDeps,
  mine: RuleRunMemory,
  rule: ChainRule,
  target: RuleTarget,
  events: readonly RuleEvent[],
  samples: readonly Sample[],
  faults: readonly FiringFault[],
  config: DeliveryConfig,
): Promise<Fired[]> {
  const byTime = new Map(samples.map((s) => [s.t, s]));
  const fired: Fired[] = [];
  for (const event of events) {
    const done = await applyEvent(deps, mine, rule, target, event, byTime.get(event.t) as Sample, faults, config);
    if (done) fired.push(done);
  }
  return fired;
}

async function applyEvent(
  deps: RuleChainDeps,
  mine: RuleRunMemory,
  rule: ChainRule,
  target: RuleTarget,
  event: RuleEvent,
  sample: Sample,
  faults: readonly FiringFault[],
  config: DeliveryConfig,
): Promise<Fired | null> {
  const vehicleId = target.vehicleId;
  const openId = mine.open.get(vehicleId);
  if (event.type === 'clear') {
    mine.open.delete(vehicleId);
    if (openId) await deps.transact((store) => store.clearNotification(openId, new Date(event.t).toISOString()));
    return null;
  }
  const stored = await deps.transact(async (store) => {
    const acknowledged = openId ? await store.notificationAcknowledged(openId) : undefined;
    if (!notifies(event, openId ? { acknowledgedAt: acknowledged ? true : null } : undefined)) return null;
    const notification = ruleNotification({
      rule,
      target,
      sample,
      reminder: event.reminder,
      faults,
      config,
      gateway: deps.gateway,
    });
    if (!(await store.addNotification(notification))) return null;
    const ticketId = rule.openTicket ? await openRuleTicket(store, notification, rule) : null;
    await store.setLastFiredAt(rule.id, notification.sentAt);
    return { notification, ticketId };
  });
  if (!stored) return null;
  mine.open.set(vehicleId, stored.notification.id);
  if ((rule.deliveryMethods & COMMAND_METHOD) !== 0) await sendCommandOf(deps, rule, stored.notification);
  const fired: Fired = { ...stored, rule, target };
  deps.publish?.(stored.notification, stored.ticketId);
  deps.onFired?.(fired);
  return fired;
}

/** Delivery method Command. */
const COMMAND_METHOD = 32;

/**
 * Sends the rule's command for a stored firing through the command service; when the service refuses it (the
 * vehicle's model or device lacks the code, it needs parameters) or the send fails, the notification's command
 * delivery becomes `failed` with the reason (it was recorded `sent` with the notification).
 */
async function sendCommandOf(deps: RuleChainDeps, rule: ChainRule, notification: Notification): Promise<void> {
  const command = notification.deliveries.find((d) => d.method === COMMAND_METHOD);
  if (command?.status !== 'sent') return;
  let reason: string;
  try {
    const outcome = await sendRuleCommand(deps.commands, {
      rule,
      vehicleId: notification.vehicleId,
      notificationId: notification.id,
    });
    if (outcome.sent) return;
    reason = outcome.reason;
  } catch {
    reason = 'The command could not be sent.';
  }
  const failed: NotificationDelivery = { method: COMMAND_METHOD, status: 'failed', error: reason, at: command.at };
  notification.deliveries = notification.deliveries.map((d) => (d.method === COMMAND_METHOD ? failed : d));
  await deps.transact((store) => store.setDelivery(notification.id, failed));
}

// ---- The server's entry: what vehicles reported ----

/** One vehicle's report as the rules read it: its telemetry values at `t` (epoch ms). */
export interface VehicleReport {
  vehicleId: string;
  t: number;
  telemetry: Readonly<Record<string, number>>;
}

/** What the server's chain reads besides the firing store. */
export interface RuleChainSource {
  /** Every enabled rule. */
  enabledRules(): Promise<Rule[]>;
  /** The vehicles (that exist) as the rules read them. */
  vehicles(ids: readonly string[]): Promise<Map<string, RuleVehicle>>;
  /** The vehicles' faults not cleared before `since` (epoch ms), by vehicle. */
  faults(ids: readonly string[], since: number): Promise<Map<string, RuleFault[]>>;
  /** The newest notification of each rule on each of the vehicles. */
  lastFirings(ids: readonly string[]): Promise<LastFiring[]>;
}

export interface ServerRuleChainDeps extends RuleChainDeps {
  source: RuleChainSource;
}

/** The state a stored firing leaves a rule in: firing while its notification is not cleared, its cool-down from it. */
function resumedState(last: LastFiring): { state: EvaluationState; open: string | null } {
  return last.clearedAt === null
    ? { state: { phase: 'firing', since: last.sentAt, lastFiredAt: last.sentAt }, open: last.notificationId }
    : { state: { phase: 'idle', since: null, lastFiredAt: last.sentAt }, open: null };
}

/**
 * Runs every enabled rule over what vehicles reported (one ingested batch, any order; each vehicle's reports are
 * taken oldest first) and the vehicles' faults. A vehicle seen for the first time by this process resumes each rule
 * from its newest notification, so a restart neither re-sends what was sent nor forgets a cool-down. Only the rules
 * whose conditions a report can hold are evaluated: telemetry conditions on EV rules read the report's values (a
 * vehicle report carries no device telemetry), fault conditions the vehicle's (or the rule's device kind's) faults.
 */
export async function runRulesOnReports(
  deps: ServerRuleChainDeps,
  memory: RuleMemory,
  reports: readonly VehicleReport[],
): Promise<Fired[]> {
  if (reports.length === 0) return [];
  const rules = await deps.source.enabledRules();
  const enabled = new Set(rules.map((r) => r.id));
  for (const id of [...memory.rules.keys()]) if (!enabled.has(id)) forgetRule(memory, id);
  if (rules.length === 0) return [];

  const byVehicle = new Map<string, VehicleReport[]>();
  for (const report of reports) {
    const list = byVehicle.get(report.vehicleId);
    if (list) list.push(report);
    else byVehicle.set(report.vehicleId, [report]);
  }
  for (const list of byVehicle.values()) list.sort((a, b) => a.t - b.t);
  const ids = [...byVehicle.keys()];
  const earliest = Math.min(...reports.map((r) => r.t));
  const [vehicles, faults] = await Promise.all([deps.source.vehicles(ids), deps.source.faults(ids, earliest)]);

  const unseen = ids.filter((id) => !memory.resumed.has(id));
  if (unseen.length > 0) {
    for (const last of await deps.source.lastFirings(unseen)) {
      let forRule = memory.pending.get(last.ruleId);
      if (!forRule) {
        forRule = new Map();
        memory.pending.set(last.ruleId, forRule);
      }
      forRule.set(last.vehicleId, resumedState(last));
    }
    for (const id of unseen) memory.resumed.add(id);
  }

  // What each rule reads of a vehicle, built once per batch: the vehicle's reports as samples (telemetry for EV rules,
  // and the faults active at each report, all of them or one device kind's), and its vehicles by OEM.
  const latest = Math.max(...reports.map((r) => r.t));
  const byOem = new Map<string, RuleVehicle[]>();
  for (const id of ids) {
    const vehicle = vehicles.get(id);
    if (!vehicle) continue;
    const list = byOem.get(vehicle.oemId);
    if (list) list.push(vehicle);
    else byOem.set(vehicle.oemId, [vehicle]);
  }
  const sampleCache = new Map<string, { samples: Sample[]; own: readonly RuleFault[] }>();
  const samplesFor = (vehicleId: string, kind: RuleDeviceKindOf) => {
    const key = `${kind}\u0000${vehicleId}`;
    let cached = sampleCache.get(key);
    if (!cached) {
      const own = faultsForRule(kind, faults.get(vehicleId) ?? []);
      const list = byVehicle.get(vehicleId) ?? [];
      const samples = list.map((r) => ({
        t: r.t,
        telemetry: kind === 'EV' ? r.telemetry : {},
        faults: own.length > 0 ? activeFaultsAt(own, r.t) : [],
      }));
      cached = { samples, own };
      sampleCache.set(key, cached);
    }
    return cached;
  };

  const configs = new Map<string, DeliveryConfig>();
  const fired: Fired[] = [];
  for (const rule of rules) {
    const { mine } = ruleMemoryOf(memory, rule, earliest);
    const resumed = memory.pending.get(rule.id);
    if (resumed) {
      memory.pending.delete(rule.id);
      // A resumed firing counts only for the rule as it was saved then: an edit since starts the rule afresh.
      for (const [vehicleId, r] of resumed) {
        const savedBefore = Date.parse(rule.updatedAt) <= (r.state.lastFiredAt ?? 0);
        if (!savedBefore || mine.states.has(vehicleId)) continue;
        mine.states.set(vehicleId, r.state);
        if (r.open) mine.open.set(vehicleId, r.open);
      }
    }
    mine.until = Math.max(mine.until, latest);
    const usesFaults = [...rule.conditions, ...rule.clearConditions].some((c) => c.kind === 'fault');
    if (rule.deviceKind !== 'EV' && !usesFaults) continue;
    const candidates =
      rule.scope === 3
        ? [vehicles.get(rule.vehicleId ?? '')].filter((v): v is RuleVehicle => v !== undefined)
        : (byOem.get(rule.oemId) ?? []);
    for (const vehicle of candidates) {
      const target = ruleTargetOf(rule, vehicle);
      if (!target) continue;
      const { samples, own } = samplesFor(vehicle.id, rule.deviceKind);
      const events = stepRuleRun(mine, rule, vehicle.id, samples);
      if (events.length === 0) continue;
      let config = configs.get(rule.oemId);
      if (!config) {
        config = await deps.deliveryConfig(rule.oemId);
        configs.set(rule.oemId, config);
      }
      fired.push(...(await recordRuleEvents(deps, mine, rule, target, events, samples, own, config)));
    }
  }
  return fired;
}
