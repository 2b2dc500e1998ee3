import { type Caller, requirePermission } from '../lib/caller';
import { type EvaluatedRule, evaluateSamples, type Sample } from './rule-evaluator';
import { readRuleFields } from './rule-fields';
import type { RuleDeps } from './rule-store';
import { RULE_KEY, type RuleFields, type RuleInput } from './rule-types';
import type { Schemas } from '../lib/api-types';

/** Vehicles one rule evaluates at most (per test, and per run of the demo's engine). */
export const MAX_RULE_TARGETS = 200;
/** "Test this rule" samples the last hour every 10 s. */
export const TEST_STEP_MS = 10_000;
export const TEST_WINDOW_MS = 3_600_000;
/** Firings one test answers at most. */
export const MAX_TEST_FIRINGS = 500;

export interface RuleFiring {
  vehicleId: string;
  firedAt: number;
  clearedAt: number | null;
}

/** When a rule fired (a reminder too) and cleared over one vehicle's samples (oldest first). */
export function firingsOf(rule: EvaluatedRule, vehicleId: string, samples: Iterable<Sample>): RuleFiring[] {
  const firings: RuleFiring[] = [];
  let open: RuleFiring | null = null;
  for (const event of evaluateSamples(rule, samples).events) {
    if (event.type === 'fire') {
      open = { vehicleId, firedAt: event.t, clearedAt: null };
      firings.push(open);
    } else if (open) {
      open.clearedAt = event.t;
      open = null;
    }
  }
  return firings;
}

/**
 * POST /rules/test: evaluates a rule (saved or not: the body is checked as a create's) over the last hour before now,
 * vehicle by vehicle, and answers when it would have fired, newest first. Needs `rule.l`. Nothing is sent or stored.
 */
export async function testRule(deps: RuleDeps, caller: Caller, input: RuleInput): Promise<Schemas['RuleTestResult']> {
  requirePermission(caller, RULE_KEY);
  const rule: RuleFields = await readRuleFields(deps.rules, caller, input as Record<string, unknown>, null);
  const to = Math.floor(deps.now().getTime() / TEST_STEP_MS) * TEST_STEP_MS;
  const from = to - TEST_WINDOW_MS;
  const { targets, truncated } = await deps.samples.targets(rule, MAX_RULE_TARGETS);
  const firings: RuleFiring[] = [];
  for (const target of targets) {
    const samples = await deps.samples.samples(rule, target, from, to, TEST_STEP_MS);
    firings.push(...firingsOf(rule, target.vehicleId, samples));
  }
  firings.sort((a, b) => b.firedAt - a.firedAt || a.vehicleId.localeCompare(b.vehicleId));
  const iso = (t: number) => new Date(t).toISOString();
  return {
    from: iso(from),
    to: iso(to),
    vehicles: targets.length,
    truncated,
    firings: firings.slice(0, MAX_TEST_FIRINGS).map((f) => ({
      vehicleId: f.vehicleId,
      firedAt: iso(f.firedAt),
      clearedAt: f.clearedAt === null ? null : iso(f.clearedAt),
    })),
  };
}
