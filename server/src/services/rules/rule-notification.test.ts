import { describe, expect, it } from 'vitest';
import type { EvaluatedRule } from './rule-evaluator';
import { deliveriesOf, type FiringRule, notifies, ruleNotification } from './rule-notification';
import { firingsOf } from './test-rule';

const rule: FiringRule = {
  id: 'rule-1',
  name: 'Hot pack',
  deviceKind: 'BMS',
  conditionOperator: 1,
  conditions: [{ kind: 'telemetry', key: 'maxCellTemp', comparator: '>', value: 50 }],
  severity: 4,
  deliveryMethods: 1 | 2 | 4 | 8 | 16,
  recipients: ['ops@example.com', '+91 98765 43210'],
  webhookUrl: 'https://hooks.example.com/x',
  commandCode: null,
  openTicket: true,
};
const config = { smtpSender: 'alerts@example.com', smsSenderId: 'VOLTLN', webhookSigned: true };
const gateway = { sms: () => null, webhook: () => null };

describe('what a firing sends', () => {
  it('a reminder of an acknowledged notification sends nothing; a first firing and a clear are told apart', () => {
    expect(notifies({ type: 'fire', t: 1, reminder: false }, { acknowledgedAt: 5 })).toBe(true);
    expect(notifies({ type: 'fire', t: 1, reminder: true }, { acknowledgedAt: null })).toBe(true);
    expect(notifies({ type: 'fire', t: 1, reminder: true }, { acknowledgedAt: '2026-11-25T12:00:00.000Z' })).toBe(
      false,
    );
    expect(notifies({ type: 'clear', t: 1 }, undefined)).toBe(false);
  });

  it('one outcome per method: a missing setting fails and says where to set it, a gateway error is kept', () => {
    const all = deliveriesOf(rule, 'n-1', 0, config, gateway);
    expect(all.map((d) => [d.method, d.status])).toEqual([
      [1, 'delivered'],
      [2, 'delivered'],
      [4, 'delivered'],
      [8, 'delivered'],
      [16, 'sent'],
    ]);
    const unset = deliveriesOf(rule, 'n-1', 0, { smtpSender: null, smsSenderId: null, webhookSigned: false }, gateway);
    expect(unset.filter((d) => d.status === 'failed').map((d) => d.method)).toEqual([2, 4, 8]);
    expect(unset[1]?.error).toMatch(/Settings, Delivery methods/);
    const rejected = deliveriesOf(rule, 'n-1', 0, config, { sms: () => 'rejected', webhook: () => 'HTTP 503' });
    expect(rejected.filter((d) => d.status === 'failed').map((d) => [d.method, d.error])).toEqual([
      [4, 'rejected'],
      [8, 'HTTP 503'],
    ]);
  });

  it("a firing's notification names the device, the vehicle and the value that held", () => {
    const n = ruleNotification({
      rule,
      target: {
        vehicleId: 'veh-1',
        sourceId: 'bms-1',
        deviceId: 'bms-1',
        template: [{ key: 'maxCellTemp', label: 'Max cell temperature', unit: '°C', min: -10, max: 60 }],
      },
      sample: { t: Date.UTC(2026, 10, 25), telemetry: { maxCellTemp: 55 }, faults: [] },
      reminder: true,
      faults: [],
      config,
      gateway,
    });
    expect(n).toMatchObject({
      id: `ntf-r-rule-1-veh-1-${Date.UTC(2026, 10, 25)}`,
      title: 'Reminder: Hot pack',
      message: 'BMS bms-1 on veh-1: Max cell temperature 55 °C (above 50)',
      sentAt: '2026-11-25T00:00:00.000Z',
      ticketRequested: true,
    });
  });

  it('the dry run counts a firing until its clear', () => {
    const evaluated: EvaluatedRule = {
      conditionOperator: 1,
      conditions: rule.conditions,
      clearConditions: [],
      pendingSeconds: 0,
      cooldownSeconds: 0,
      repeatSeconds: 0,
    };
    const at = (t: number, temp: number) => ({ t, telemetry: { maxCellTemp: temp }, faults: [] });
    expect(firingsOf(evaluated, 'veh-1', [at(0, 40), at(10, 55), at(20, 56), at(30, 45), at(40, 58)])).toEqual([
      { vehicleId: 'veh-1', firedAt: 10, clearedAt: 30 },
      { vehicleId: 'veh-1', firedAt: 40, clearedAt: null },
    ]);
  });
});
