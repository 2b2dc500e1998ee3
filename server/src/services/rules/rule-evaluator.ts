/**
 * The rule evaluator: pure functions from a rule's conditions and timing and a series of samples to the moments it
 * fires and clears. No clock, no world: the demo's engine (`portal/src/mocks/world/rule-engine.ts`) feeds it the simulated
 * telemetry and faults, "Test this rule" (`test-rule.ts`) feeds it the last hour, and the server's ingestion will feed
 * it what vehicles report (issue 35).
 *
 * Timing (decision 0063): conditions must hold for `pendingSeconds` before the rule fires (a pending period, as in
 * Grafana); a firing rule clears when its clear conditions hold (all of them), or, without clear conditions, when its
 * conditions no longer hold; two notifications of one rule for one vehicle are at least `cooldownSeconds` apart, so a
 * value that flaps across the threshold fires once per cool-down; while it keeps firing, `repeatSeconds` (> 0) sends a
 * reminder.
 */
import { type Comparator, compare, RULE_OPERATOR, type RuleConditionValue } from '@/domain/rules';

export interface RuleTiming {
  pendingSeconds: number;
  cooldownSeconds: number;
  repeatSeconds: number;
}

export interface EvaluatedRule extends RuleTiming {
  conditionOperator: number;
  conditions: readonly RuleConditionValue[];
  clearConditions: readonly RuleConditionValue[];
}

/** An active fault at a sample's time. */
export interface SampleFault {
  code: string;
  severity: number;
}

/** What a vehicle (or device) reported at time `t` (epoch ms). */
export interface Sample {
  t: number;
  telemetry: Readonly<Record<string, number>>;
  faults: readonly SampleFault[];
}

export interface EvaluationState {
  phase: 'idle' | 'pending' | 'firing';
  /** When the conditions started to hold (pending and firing). */
  since: number | null;
  /** The last notification (first firing or reminder). */
  lastFiredAt: number | null;
}

export type RuleEvent = { type: 'fire'; t: number; reminder: boolean } | { type: 'clear'; t: number };

export const IDLE: EvaluationState = { phase: 'idle', since: null, lastFiredAt: null };

/** True when one condition holds for a sample; a missing telemetry key never holds. */
export function conditionHolds(condition: RuleConditionValue, sample: Sample): boolean {
  if (condition.kind === 'fault') {
    return sample.faults.some(
      (f) =>
        (condition.key === null || condition.key === f.code) &&
        compare(f.severity, condition.comparator as Comparator, condition.value),
    );
  }
  const value = condition.key === null ? undefined : sample.telemetry[condition.key];
  return value !== undefined && compare(value, condition.comparator as Comparator, condition.value);
}

/** True when the conditions hold, combined by AND (1) or OR (2); an empty list never holds. */
export function conditionsHold(operator: number, conditions: readonly RuleConditionValue[], sample: Sample): boolean {
  if (conditions.length === 0) return false;
  return operator === RULE_OPERATOR.OR
    ? conditions.some((c) => conditionHolds(c, sample))
    : conditions.every((c) => conditionHolds(c, sample));
}

/** One sample's step: the next state and what happened at it. */
export function stepRule(
  rule: EvaluatedRule,
  state: EvaluationState,
  sample: Sample,
): { state: EvaluationState; events: RuleEvent[] } {
  const t = sample.t;
  const active = conditionsHold(rule.conditionOperator, rule.conditions, sample);
  const cooledDown = state.lastFiredAt === null || t - state.lastFiredAt >= rule.cooldownSeconds * 1000;

  if (state.phase === 'firing') {
    const clears =
      rule.clearConditions.length > 0 ? rule.clearConditions.every((c) => conditionHolds(c, sample)) : !active;
    if (clears)
      return { state: { phase: 'idle', since: null, lastFiredAt: state.lastFiredAt }, events: [{ type: 'clear', t }] };
    const repeatDue =
      rule.repeatSeconds > 0 && state.lastFiredAt !== null && t - state.lastFiredAt >= rule.repeatSeconds * 1000;
    if (repeatDue && cooledDown) {
      return { state: { ...state, lastFiredAt: t }, events: [{ type: 'fire', t, reminder: true }] };
    }
    return { state, events: [] };
  }

  if (!active) return { state: { phase: 'idle', since: null, lastFiredAt: state.lastFiredAt }, events: [] };
  const since = state.phase === 'pending' && state.since !== null ? state.since : t;
  const heldLongEnough = t - since >= rule.pendingSeconds * 1000;
  // A rule that held long enough but is still cooling down waits, pending, for the cool-down to pass.
  if (heldLongEnough && cooledDown) {
    return { state: { phase: 'firing', since, lastFiredAt: t }, events: [{ type: 'fire', t, reminder: false }] };
  }
  return { state: { phase: 'pending', since, lastFiredAt: state.lastFiredAt }, events: [] };
}

/** Runs a series of samples (oldest first) from a state; answers the state after the last one and every event. */
export function evaluateSamples(
  rule: EvaluatedRule,
  samples: Iterable<Sample>,
  initial: EvaluationState = IDLE,
): { state: EvaluationState; events: RuleEvent[] } {
  let state = initial;
  const events: RuleEvent[] = [];
  for (const sample of samples) {
    const step = stepRule(rule, state, sample);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

/**
 * The state a rule is in at a sample without notifying: a rule that already held when the engine started is taken
 * as firing since then (its notification is in the history already), so opening the demo does not re-send it.
 */
export function primeState(rule: EvaluatedRule, sample: Sample): EvaluationState {
  return conditionsHold(rule.conditionOperator, rule.conditions, sample)
    ? { phase: 'firing', since: sample.t, lastFiredAt: sample.t }
    : IDLE;
}
