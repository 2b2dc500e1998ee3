/**
 * The demo server's rule engine: runs the enabled rules over the simulated telemetry (`telemetryOf`, the same series
 * the charts and live views show) and the fault occurrences of the world, from where it last stopped up to now, and
 * records what fired as notifications with one outcome per delivery method. The handlers run it before they answer a
 * read of notifications or rules, so a poll is what makes notifications "arrive" (decision 0063).
 */
import type { components } from '@/domain/api-schema';
import { COMPARATOR_LABELS, type Comparator, type RuleConditionValue } from '@/domain/rules';
import { COMMAND_DEFAULT_EXPIRY_S } from '@/domain/command-params';
import type { WorldDb } from './db';
import { type TelemetryKey, telemetryOf } from './histories';
import { TELEMETRY_TEMPLATES } from './model-catalog';
import { hashString } from './prng';
import {
  type EvaluatedRule,
  type EvaluationState,
  evaluateSamples,
  IDLE,
  primeState,
  type RuleEvent,
  type Sample,
} from './rule-evaluator';
import type { Command, Fault, Notification, Rule, Vehicle } from './types';

type Delivery = components['schemas']['NotificationDelivery'];

/** Vehicles one rule evaluates at most (per run and per test): the demo's bound on work per poll. */
export const MAX_RULE_TARGETS = 200;
/** The engine samples every 5 s (the live view's device telemetry rate). */
export const ENGINE_STEP_MS = 5000;
/** "Test this rule" samples the last hour every 10 s. */
export const TEST_STEP_MS = 10_000;
export const TEST_WINDOW_MS = 3_600_000;
/** After a long pause (a closed tab) the engine catches up at most this far back. */
const MAX_CATCH_UP_MS = 10 * 60_000;

export interface RuleEngineOptions {
  /**
   * Called once for each notification of a rule with "open a ticket" (after it is stored, with
   * `ticketRequested: true`). The tickets part of the demo connects its `openTicket` here.
   */
  onTicketRequested?: (db: WorldDb, notification: Notification, rule: Rule) => void;
}

/** The vehicle (EV) or fitted device of the rule's kind that one rule watches. */
export interface RuleTarget {
  vehicle: Vehicle;
  sourceId: string;
  deviceId: string | null;
  template: readonly TelemetryKey[];
}

/** What a rule needs to be evaluated (a saved rule or the form's draft). */
export type EvaluableRule = Pick<
  Rule,
  | 'deviceKind'
  | 'scope'
  | 'oemId'
  | 'modelId'
  | 'vehicleId'
  | 'conditionOperator'
  | 'conditions'
  | 'clearConditions'
  | 'pendingSeconds'
  | 'cooldownSeconds'
  | 'repeatSeconds'
>;

const DEVICE_FIELD = { BMS: 'bmsId', MCU: 'mcuId', VCU: 'vcuId' } as const;
const DEVICE_TABLE = { BMS: 'bmsDevices', MCU: 'mcuDevices', VCU: 'vcuDevices' } as const;

function targetOf(db: WorldDb, rule: EvaluableRule, vehicle: Vehicle): RuleTarget | null {
  if (rule.deviceKind === 'EV') {
    if (rule.scope === 2 && vehicle.modelId !== rule.modelId) return null;
    const template = db.tables.models.get(vehicle.modelId)?.telemetryTemplate ?? TELEMETRY_TEMPLATES.EV;
    return { vehicle, sourceId: vehicle.id, deviceId: null, template };
  }
  const deviceId = vehicle[DEVICE_FIELD[rule.deviceKind]];
  if (!deviceId) return null;
  const device = db.tables[DEVICE_TABLE[rule.deviceKind]].get(deviceId);
  if (!device) return null;
  if (rule.scope === 2 && device.modelId !== rule.modelId) return null;
  const template =
    (device.modelId ? db.tables.models.get(device.modelId)?.telemetryTemplate : undefined) ??
    TELEMETRY_TEMPLATES[rule.deviceKind];
  return { vehicle, sourceId: device.id, deviceId: device.id, template };
}

/** The vehicles a rule watches (at most `MAX_RULE_TARGETS`), and whether its scope holds more. */
export function ruleTargets(db: WorldDb, rule: EvaluableRule): { targets: RuleTarget[]; truncated: boolean } {
  if (rule.scope === 3) {
    const vehicle = rule.vehicleId ? db.tables.vehicles.get(rule.vehicleId) : undefined;
    const target = vehicle ? targetOf(db, rule, vehicle) : null;
    return { targets: target ? [target] : [], truncated: false };
  }
  const targets: RuleTarget[] = [];
  for (const vehicle of db.tables.vehicles.values()) {
    if (vehicle.oemId !== rule.oemId) continue;
    const target = targetOf(db, rule, vehicle);
    if (!target) continue;
    if (targets.length === MAX_RULE_TARGETS) return { targets, truncated: true };
    targets.push(target);
  }
  return { targets, truncated: false };
}

/** Fault occurrences by vehicle, for the fault conditions of one run. */
function faultsByVehicle(db: WorldDb): Map<string, Fault[]> {
  const byVehicle = new Map<string, Fault[]>();
  for (const fault of db.tables.faults.values()) {
    const list = byVehicle.get(fault.vehicleId);
    if (list) list.push(fault);
    else byVehicle.set(fault.vehicleId, [fault]);
  }
  return byVehicle;
}

/** The samples of a target at every `step` from `first` to `last` (inclusive, both multiples of `step`). */
export function samplesOf(
  db: WorldDb,
  rule: EvaluableRule,
  target: RuleTarget,
  first: number,
  last: number,
  step: number,
  faults: readonly Fault[],
): Sample[] {
  const count = Math.floor((last - first) / step) + 1;
  if (count <= 0) return [];
  const used = new Set(
    [...rule.conditions, ...rule.clearConditions].filter((c) => c.kind === 'telemetry').map((c) => c.key),
  );
  const keys = target.template.filter((k) => used.has(k.key));
  const series = keys.length
    ? telemetryOf(
        db.world.seed,
        target.sourceId,
        keys,
        first,
        first + Math.max(1, count - 1) * step,
        Math.max(2, count),
        { vehicle: target.vehicle },
      )
    : [];
  const ownFaults = rule.deviceKind === 'EV' ? faults : faults.filter((f) => f.deviceKind === rule.deviceKind);
  const samples: Sample[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const t = first + i * step;
    const telemetry: Record<string, number> = {};
    for (const s of series) {
      const point = s.points[i];
      if (point) telemetry[s.key] = point[1];
    }
    const active = ownFaults
      .filter((f) => f.occurredAt <= t && (f.clearedAt === null || f.clearedAt > t))
      .map((f) => ({ code: f.code, severity: f.severity }));
    samples[i] = { t, telemetry, faults: active };
  }
  return samples;
}

/** Reads a rule as the evaluator takes it. */
function evaluated(rule: EvaluableRule): EvaluatedRule {
  return rule as EvaluatedRule;
}

export interface RuleTestFiring {
  vehicleId: string;
  firedAt: number;
  clearedAt: number | null;
}

/** "Test this rule": when it would have fired over the last hour before `now`, vehicle by vehicle, newest first. */
export function testRule(
  db: WorldDb,
  rule: EvaluableRule,
  now: number,
): { from: number; to: number; vehicles: number; truncated: boolean; firings: RuleTestFiring[] } {
  const to = Math.floor(now / TEST_STEP_MS) * TEST_STEP_MS;
  const from = to - TEST_WINDOW_MS;
  const { targets, truncated } = ruleTargets(db, rule);
  const faults = faultsByVehicle(db);
  const firings: RuleTestFiring[] = [];
  for (const target of targets) {
    const samples = samplesOf(db, rule, target, from, to, TEST_STEP_MS, faults.get(target.vehicle.id) ?? []);
    let open: RuleTestFiring | null = null;
    for (const event of evaluateSamples(evaluated(rule), samples).events) {
      if (event.type === 'fire') {
        open = { vehicleId: target.vehicle.id, firedAt: event.t, clearedAt: null };
        firings.push(open);
      } else if (open) {
        open.clearedAt = event.t;
        open = null;
      }
    }
  }
  firings.sort((a, b) => b.firedAt - a.firedAt || a.vehicleId.localeCompare(b.vehicleId));
  return { from, to, vehicles: targets.length, truncated, firings };
}

// ---- The live engine ----

interface RuleMemory {
  /** The rule's `updatedAt` when this memory was made: an edit, enable or disable starts it afresh. */
  version: number;
  until: number;
  states: Map<string, EvaluationState>;
  /** The open (last) notification per vehicle, for its clear and its reminders. */
  open: Map<string, string>;
}

interface EngineMemory {
  rules: Map<string, RuleMemory>;
}

const memories = new WeakMap<WorldDb, EngineMemory>();

function describe(condition: RuleConditionValue, sample: Sample, template: readonly TelemetryKey[]): string {
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

/** What the rules of one OEM send with: its own settings, each empty field falling back to the platform's. */
export interface DeliveryConfig {
  smtpSender: string | null;
  smsSenderId: string | null;
  webhookSigned: boolean;
}

/**
 * The delivery configuration of the Settings page that a rule of `oemId` uses (decision 0088): the OEM's SMTP sender,
 * SMS sender id and web-hook signing secret, each one the platform's where the OEM set none.
 */
export function deliveryConfigOf(db: WorldDb, oemId: string | null): DeliveryConfig {
  const platform = db.tables.companySettings.get('platform');
  const own = oemId ? db.tables.companySettings.get(oemId) : undefined;
  return {
    smtpSender: own?.smtpSender ?? platform?.smtpSender ?? null,
    smsSenderId: own?.smsSenderId ?? platform?.smsSenderId ?? null,
    webhookSigned: (own?.webhookSecret ?? platform?.webhookSecret ?? null) !== null,
  };
}

/** Where a missing delivery setting is set (the error a failed channel shows). */
const SET_IN_SETTINGS = 'set it in Settings, Delivery methods';

/** One outcome per delivery method, the same for the same notification and configuration. */
function deliveriesOf(rule: Rule, id: string, t: number, config: DeliveryConfig): Delivery[] {
  const out: Delivery[] = [];
  const at = new Date(t + 1000).toISOString();
  const has = (bit: number) => (rule.deliveryMethods & bit) !== 0;
  const hash = hashString(id);
  if (has(1)) out.push({ method: 1, status: 'delivered', error: null, at });
  const failed = (method: Delivery['method'], error: string) => out.push({ method, status: 'failed', error, at });
  if (has(2)) {
    if (!config.smtpSender) failed(2, `No e-mail sender (SMTP) is set up: ${SET_IN_SETTINGS}.`);
    else if (!rule.recipients.some((r) => r.includes('@'))) failed(2, 'No e-mail recipient.');
    else out.push({ method: 2, status: 'delivered', error: null, at });
  }
  if (has(4)) {
    if (!config.smsSenderId) failed(4, `No SMS sender id is set up: ${SET_IN_SETTINGS}.`);
    else if (hash % 10 === 0) failed(4, 'The SMS gateway rejected the number (error 21211).');
    else out.push({ method: 4, status: 'delivered', error: null, at });
  }
  if (has(8)) {
    if (!rule.webhookUrl || /fail|down/i.test(rule.webhookUrl))
      failed(8, 'The endpoint answered HTTP 503 Service Unavailable.');
    else if (!config.webhookSigned)
      failed(8, `No web-hook signing secret is set up, and unsigned calls are not sent: ${SET_IN_SETTINGS}.`);
    else out.push({ method: 8, status: 'delivered', error: null, at });
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

function sendRuleCommand(db: WorldDb, rule: Rule, target: RuleTarget, t: number, notificationId: string): void {
  if (!rule.commandCode || (rule.deliveryMethods & 32) === 0) return;
  const modelId =
    rule.deviceKind === 'EV'
      ? target.vehicle.modelId
      : db.tables[DEVICE_TABLE[rule.deviceKind]].get(target.sourceId)?.modelId;
  const def = (modelId ? db.tables.models.get(modelId)?.commands : undefined)?.find((c) => c.code === rule.commandCode);
  const command: Command = {
    id: `cmd-${notificationId}`,
    vehicleId: target.vehicle.id,
    deviceId: target.deviceId,
    deviceKind: rule.deviceKind,
    code: rule.commandCode,
    name: def?.name ?? rule.commandCode,
    kind: 'Rule',
    status: 2,
    sentAt: t,
    acknowledgedAt: t + 2000,
    sentBy: null,
    ruleId: rule.id,
    payload: null,
    expiresAt: t + COMMAND_DEFAULT_EXPIRY_S * 1000,
    failureReason: null,
  };
  if (!db.tables.commands.get(command.id)) db.tables.commands.insert(command);
}

function fire(
  rule: Rule,
  target: RuleTarget,
  sample: Sample,
  reminder: boolean,
  faults: readonly Fault[],
  config: DeliveryConfig,
): Notification {
  const id = `ntf-r-${rule.id}-${target.vehicle.id}-${sample.t}`;
  const matching = rule.conditions.find((c) => c.kind === 'fault');
  const fault = matching
    ? faults.find(
        (f) =>
          f.occurredAt <= sample.t &&
          (f.clearedAt === null || f.clearedAt > sample.t) &&
          (matching.key === null || matching.key === f.code),
      )
    : undefined;
  const what = rule.conditions.filter((c) => c.kind === 'telemetry').map((c) => describe(c, sample, target.template));
  const notification: Notification = {
    id,
    vehicleId: target.vehicle.id,
    faultId: fault?.id ?? null,
    ruleId: rule.id,
    ruleName: rule.name,
    deliveryMethods: rule.deliveryMethods,
    title: reminder ? `Reminder: ${rule.name}` : rule.name,
    message: [
      `${rule.deviceKind === 'EV' ? target.vehicle.id : `${rule.deviceKind} ${target.sourceId}`} on ${target.vehicle.id}`,
      fault ? `${fault.code} (${fault.name})` : null,
      what.length ? what.join(rule.conditionOperator === 2 ? ' or ' : ', ') : null,
    ]
      .filter(Boolean)
      .join(': '),
    severity: rule.severity,
    sentAt: sample.t,
    deliveries: deliveriesOf(rule, id, sample.t, config),
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgedByName: null,
    clearedAt: null,
    ticketRequested: rule.openTicket,
  };
  return notification;
}

/**
 * Runs every enabled rule from where it stopped up to `now`; answers the notifications it recorded. A rule seen for
 * the first time that was saved more than the catch-up window ago is primed at `now` (a condition that already holds
 * was notified before, in the history); a newer one is evaluated from its save.
 */
export function runRules(db: WorldDb, now: number, options: RuleEngineOptions = {}): Notification[] {
  let memory = memories.get(db);
  if (!memory) {
    memory = { rules: new Map() };
    memories.set(db, memory);
  }
  const last = Math.floor(now / ENGINE_STEP_MS) * ENGINE_STEP_MS;
  const recorded: Notification[] = [];
  let faults: Map<string, Fault[]> | undefined;
  for (const rule of db.tables.rules.all()) {
    if (!rule.enabled) {
      memory.rules.delete(rule.id);
      continue;
    }
    let mine = memory.rules.get(rule.id);
    const fresh = !mine || mine.version !== rule.updatedAt;
    if (!mine || fresh) {
      // Saved within the catch-up window (also before a reload): evaluated from its save; notification ids are
      // deterministic, so what fired before the reload is not recorded twice. Older: primed at now.
      const prime = rule.updatedAt < now - MAX_CATCH_UP_MS;
      mine = {
        version: rule.updatedAt,
        until: prime ? last : Math.floor(rule.updatedAt / ENGINE_STEP_MS) * ENGINE_STEP_MS,
        states: new Map(),
        open: new Map(),
      };
      memory.rules.set(rule.id, mine);
      if (prime) {
        faults ??= faultsByVehicle(db);
        for (const target of ruleTargets(db, rule).targets) {
          const [sample] = samplesOf(db, rule, target, last, last, ENGINE_STEP_MS, faults.get(target.vehicle.id) ?? []);
          if (sample) mine.states.set(target.vehicle.id, primeState(evaluated(rule), sample));
        }
        continue;
      }
    }
    const first = Math.max(mine.until + ENGINE_STEP_MS, last - MAX_CATCH_UP_MS);
    if (first > last) continue;
    faults ??= faultsByVehicle(db);
    let lastFiredAt = rule.lastFiredAt;
    for (const target of ruleTargets(db, rule).targets) {
      const own = faults.get(target.vehicle.id) ?? [];
      const samples = samplesOf(db, rule, target, first, last, ENGINE_STEP_MS, own);
      const byTime = new Map(samples.map((s) => [s.t, s]));
      const run = evaluateSamples(evaluated(rule), samples, mine.states.get(target.vehicle.id) ?? IDLE);
      mine.states.set(target.vehicle.id, run.state);
      for (const event of run.events) handle(event, byTime.get(event.t) as Sample, target, own);
    }
    mine.until = last;
    if (lastFiredAt !== rule.lastFiredAt) db.tables.rules.update(rule.id, { lastFiredAt });

    function handle(event: RuleEvent, sample: Sample, target: RuleTarget, own: readonly Fault[]): void {
      const memo = mine as RuleMemory;
      const openId = memo.open.get(target.vehicle.id);
      const open = openId ? db.tables.notifications.get(openId) : undefined;
      if (event.type === 'clear') {
        if (open && open.clearedAt === null) db.tables.notifications.update(open.id, { clearedAt: event.t });
        memo.open.delete(target.vehicle.id);
        return;
      }
      // Nobody is reminded of what they already acknowledged.
      if (event.reminder && open?.acknowledgedAt != null) return;
      const notification = fire(rule, target, sample, event.reminder, own, deliveryConfigOf(db, rule.oemId));
      if (db.tables.notifications.get(notification.id)) return;
      db.tables.notifications.insert(notification);
      sendRuleCommand(db, rule, target, event.t, notification.id);
      memo.open.set(target.vehicle.id, notification.id);
      lastFiredAt = Math.max(lastFiredAt ?? 0, event.t);
      recorded.push(notification);
      if (rule.openTicket) options.onTicketRequested?.(db, notification, rule);
    }
  }
  return recorded;
}
