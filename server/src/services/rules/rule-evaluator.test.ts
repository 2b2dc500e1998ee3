import { describe, expect, it } from 'vitest';
import type { RuleConditionValue } from '@/domain/rules';
import { conditionsHold, type EvaluatedRule, evaluateSamples, primeState, type Sample } from './rule-evaluator';

const hot: RuleConditionValue = { kind: 'telemetry', key: 'temp', comparator: '>', value: 50 };

function rule(overrides: Partial<EvaluatedRule> = {}): EvaluatedRule {
  return {
    conditionOperator: 1,
    conditions: [hot],
    clearConditions: [],
    pendingSeconds: 0,
    cooldownSeconds: 0,
    repeatSeconds: 0,
    ...overrides,
  };
}

/** One sample per second from t=0 with the given temperatures. */
function series(values: number[], faults: Sample['faults'] = []): Sample[] {
  return values.map((temp, i) => ({ t: i * 1000, telemetry: { temp }, faults }));
}

const fires = (events: ReturnType<typeof evaluateSamples>['events']) =>
  events.filter((e) => e.type === 'fire').map((e) => e.t / 1000);

describe('rule evaluator', () => {
  it('fires when the condition first holds and clears when it stops holding', () => {
    const { events } = evaluateSamples(rule(), series([40, 60, 61, 45, 40]));
    expect(events).toEqual([
      { type: 'fire', t: 1000, reminder: false },
      { type: 'clear', t: 3000 },
    ]);
  });

  it('waits the pending period: a spike shorter than it never fires', () => {
    const timing = rule({ pendingSeconds: 3 });
    expect(fires(evaluateSamples(timing, series([60, 60, 40, 60, 60])).events)).toEqual([]);
    expect(fires(evaluateSamples(timing, series([60, 60, 60, 60, 60])).events)).toEqual([3]);
  });

  it('a value crossing the threshold every second fires once per cool-down', () => {
    // Ten minutes of a value flapping across 50 every second, cool-down two minutes.
    const flapping = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? 55 : 45));
    const { events } = evaluateSamples(rule({ cooldownSeconds: 120 }), series(flapping));
    expect(fires(events)).toEqual([0, 120, 240, 360, 480]);
    // Without a cool-down the same series would have fired 300 times: the cool-down is what holds it back.
    expect(fires(evaluateSamples(rule(), series(flapping)).events)).toHaveLength(300);
  });

  it('clears only when the clear condition holds (hysteresis)', () => {
    const withClear = rule({ clearConditions: [{ kind: 'telemetry', key: 'temp', comparator: '<', value: 40 }] });
    const { events } = evaluateSamples(withClear, series([60, 45, 48, 39, 60]));
    expect(events).toEqual([
      { type: 'fire', t: 0, reminder: false },
      { type: 'clear', t: 3000 },
      { type: 'fire', t: 4000, reminder: false },
    ]);
  });

  it('reminds while still firing every repeat interval', () => {
    const { events } = evaluateSamples(rule({ repeatSeconds: 2 }), series([60, 60, 60, 60, 60]));
    expect(events.map((e) => (e.type === 'fire' ? `${e.t / 1000}${e.reminder ? 'r' : ''}` : 'clear'))).toEqual([
      '0',
      '2r',
      '4r',
    ]);
  });

  it('combines conditions by AND and OR and matches faults by code and severity', () => {
    const fault: RuleConditionValue = { kind: 'fault', key: null, comparator: '>=', value: 4 };
    const coded: RuleConditionValue = { kind: 'fault', key: 'BMS-OT', comparator: '>=', value: 1 };
    const sample: Sample = { t: 0, telemetry: { temp: 45 }, faults: [{ code: 'BMS-OT', severity: 3 }] };
    expect(conditionsHold(1, [hot, coded], sample)).toBe(false);
    expect(conditionsHold(2, [hot, coded], sample)).toBe(true);
    expect(conditionsHold(1, [fault], sample)).toBe(false);
    expect(conditionsHold(1, [fault], { ...sample, faults: [{ code: 'X', severity: 4 }] })).toBe(true);
    expect(conditionsHold(1, [], sample)).toBe(false);
    expect(conditionsHold(1, [{ ...hot, key: 'missing' }], { ...sample, telemetry: { temp: 99 } })).toBe(false);
  });

  it('a primed rule that already holds does not fire again until it has cleared', () => {
    const samples = series([60, 60, 40, 60]);
    const primed = primeState(rule(), samples[0] as Sample);
    const { events } = evaluateSamples(rule(), samples.slice(1), primed);
    expect(events).toEqual([
      { type: 'clear', t: 2000 },
      { type: 'fire', t: 3000, reminder: false },
    ]);
  });
});
