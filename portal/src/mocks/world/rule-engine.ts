/**
 * The demo's rule engine: its scheduling and its world reads only. It runs the enabled rules over the simulated
 * telemetry (`telemetryOf`, the same series the charts and live views show) and the fault occurrences of the world,
 * from where it last stopped up to now. What a rule does is the services' rule chain (`server/src/services/rules/
 * rule-chain.ts`, decision 0126), the one the server runs on ingested telemetry: which vehicles a rule watches
 * (`ruleTargetOf`), the anti-flap state (`RuleMemory`: pending, cool-down, clear, reminders), the notification, its
 * ticket with its SLA, written through `mocks/adapter/rule-firing-store.ts`, and a rule's command, sent through the
 * command services. The handlers run it before they answer a
 * read of notifications or rules, so a poll is what makes notifications "arrive" (decision 0063).
 */
import type { CommandPublisher } from '@services/commands/command-store';
import {
  applyRuleRun,
  createRuleMemory,
  type Fired,
  forgetRule,
  type RuleChainDeps,
  type RuleMemory,
  ruleMemoryOf,
  ruleTargetOf,
} from '@services/rules/rule-chain';
import { type EvaluatedRule, primeState, type Sample } from '@services/rules/rule-evaluator';
import type { DeliveryGateway } from '@services/rules/rule-notification';
import type { RuleTarget as ServiceRuleTarget } from '@services/rules/rule-store';
import { MAX_RULE_TARGETS } from '@services/rules/test-rule';
import { worldCommandDeps } from '../adapter/command-store';
import { worldDeliveryConfig, worldRuleFiringStore, worldRuleVehicle } from '../adapter/rule-firing-store';
import type { WorldDb } from './db';
import { type TelemetryKey, telemetryOf } from './histories';
import { hashString } from './prng';
import type { Fault, Notification, Rule, Vehicle } from './types';

/** The engine samples every 5 s (the live view's device telemetry rate). */
export const ENGINE_STEP_MS = 5000;
/** After a long pause (a closed tab) the engine catches up at most this far back. */
const MAX_CATCH_UP_MS = 10 * 60_000;

export interface RuleEngineOptions {
  /** Called once for each stored firing (its notification, and its ticket id when the rule opens tickets). */
  onFired?: (db: WorldDb, fired: Fired) => void;
  /** Where a rule's command is published (the in-page broker, as a command sent by hand); none: not published. */
  commandPublisher?: (db: WorldDb) => CommandPublisher;
}

/** The vehicle (EV) or fitted device of the rule's kind that one rule watches, with the world's vehicle row. */
export interface RuleTarget extends ServiceRuleTarget {
  vehicle: Vehicle;
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

function targetOf(db: WorldDb, rule: EvaluableRule, vehicle: Vehicle): RuleTarget | null {
  const target = ruleTargetOf(rule, worldRuleVehicle(db, vehicle));
  return target ? { ...target, vehicle, template: target.template as readonly TelemetryKey[] } : null;
}

/** The vehicles a rule watches (at most `max`), and whether its scope holds more. */
export function ruleTargets(
  db: WorldDb,
  rule: EvaluableRule,
  max: number = MAX_RULE_TARGETS,
): { targets: RuleTarget[]; truncated: boolean } {
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
    if (targets.length === max) return { targets, truncated: true };
    targets.push(target);
  }
  return { targets, truncated: false };
}

/** Fault occurrences by vehicle, for the fault conditions of one run. */
export function faultsByVehicle(db: WorldDb): Map<string, Fault[]> {
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

// ---- The live engine ----

/** The services' anti-flap state, one per world (decision 0126: in the memory of what evaluates). */
const memories = new WeakMap<WorldDb, RuleMemory>();

/**
 * The demo's simulated gateways: one SMS in ten is rejected (by the notification id), and a web-hook URL that says
 * "fail" or "down" answers 503; the rules of what is sent with which settings are the services' (`deliveriesOf`).
 */
const DEMO_GATEWAY: DeliveryGateway = {
  sms: (id) => (hashString(id) % 10 === 0 ? 'The SMS gateway rejected the number (error 21211).' : null),
  webhook: (_id, url) =>
    !url || /fail|down/i.test(url) ? 'The endpoint answered HTTP 503 Service Unavailable.' : null,
};

/**
 * Runs every enabled rule from where it stopped up to `now`; answers the notifications it recorded. A rule seen for
 * the first time that was saved more than the catch-up window ago is primed at `now` (a condition that already holds
 * was notified before, in the history); a newer one is evaluated from its save. The chain (evaluation, notification,
 * ticket) is the services' `applyRuleRun`; this engine only schedules it over the world's telemetry and faults. Two
 * runs at once record nothing twice: a notification's id is its rule, vehicle and moment, and the store keeps the
 * first. (No world lock here: a ticket the run opens may take it.)
 */
export async function runRules(db: WorldDb, now: number, options: RuleEngineOptions = {}): Promise<Notification[]> {
  let memory = memories.get(db);
  if (!memory) {
    memory = createRuleMemory();
    memories.set(db, memory);
  }
  const store = worldRuleFiringStore(db);
  // A rule's command goes through the command services, as on the server (`sendRuleCommand`); its simulated device
  // answers it as it answers a command sent by hand (`settleAcknowledgements`, and live through the in-page broker).
  const commands = worldCommandDeps(db, options.commandPublisher ? { publish: options.commandPublisher(db) } : {});
  const last = Math.floor(now / ENGINE_STEP_MS) * ENGINE_STEP_MS;
  const recorded: Notification[] = [];
  let faults: Map<string, Fault[]> | undefined;
  for (const rule of db.tables.rules.all()) {
    if (!rule.enabled) {
      forgetRule(memory, rule.id);
      continue;
    }
    // Saved within the catch-up window (also before a reload): evaluated from its save; notification ids are
    // deterministic, so what fired before the reload is not recorded twice. Older: primed at now.
    const prime = rule.updatedAt < now - MAX_CATCH_UP_MS;
    const { mine, fresh } = ruleMemoryOf(
      memory,
      rule,
      prime ? last : Math.floor(rule.updatedAt / ENGINE_STEP_MS) * ENGINE_STEP_MS,
    );
    if (fresh && prime) {
      faults ??= faultsByVehicle(db);
      for (const target of ruleTargets(db, rule).targets) {
        const [sample] = samplesOf(db, rule, target, last, last, ENGINE_STEP_MS, faults.get(target.vehicle.id) ?? []);
        if (sample) mine.states.set(target.vehicle.id, primeState(evaluated(rule), sample));
      }
      continue;
    }
    const first = Math.max(mine.until + ENGINE_STEP_MS, last - MAX_CATCH_UP_MS);
    if (first > last) continue;
    faults ??= faultsByVehicle(db);
    const config = worldDeliveryConfig(db, rule.oemId);
    for (const target of ruleTargets(db, rule).targets) {
      const own = faults.get(target.vehicle.id) ?? [];
      const samples: Sample[] = samplesOf(db, rule, target, first, last, ENGINE_STEP_MS, own);
      const deps: RuleChainDeps = {
        transact: (work) => work(store),
        deliveryConfig: async () => config,
        gateway: DEMO_GATEWAY,
        now: () => new Date(now),
        commands,
        onFired: (fired) => {
          recorded.push(db.tables.notifications.get(fired.notification.id) as Notification);
          options.onFired?.(db, fired);
        },
      };
      await applyRuleRun(deps, mine, rule, target, samples, own, config);
    }
    mine.until = last;
  }
  if (recorded.length > 0) await db.persist();
  return recorded;
}
