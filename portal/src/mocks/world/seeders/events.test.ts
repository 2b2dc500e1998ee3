import { expect, test } from 'vitest';
import { SEEDED_RULE_IDS } from '../rule-seed';
import { createSeedContext, ids } from './context';
import { seedCommands, seedFaults, seedNotifications } from './events';

const ctx = createSeedContext({ seed: 5, size: 300 });
const faults = seedFaults(ctx, {});

test('seeds faults of the last 30 days, on about a third of the vehicles, cleared and acknowledged in the past', () => {
  const vehicles = new Set(faults.map((f) => f.vehicleId));
  expect(vehicles.size).toBeGreaterThan(60);
  expect(vehicles.size).toBeLessThan(120);
  for (const f of faults) {
    expect(f.occurredAt).toBeGreaterThanOrEqual(ctx.now - 30 * 86_400_000);
    if (f.clearedAt !== null) expect(f.clearedAt).toBeLessThanOrEqual(ctx.now);
    expect(f.deviceId === null).toBe(f.deviceKind === 'EV');
  }
});

test("sends rule commands by the vehicle's OEM's critical-faults rule, and device commands by an operator", () => {
  const commands = seedCommands(ctx, {});
  expect(commands.length).toBeGreaterThan(100);
  for (const c of commands) {
    const vehicle = Number(c.vehicleId.slice(4)) - 1;
    if (c.kind === 'Rule') expect(c.ruleId).toBe(SEEDED_RULE_IDS.criticalFaults(ids.oem(ctx.placement(vehicle).oem)));
    expect(c.sentBy === null).toBe(c.kind !== 'Device');
    expect(c.expiresAt).toBeGreaterThan(c.sentAt);
  }
});

test('notifies every fault of severity High or above, after it, with one outcome per delivery method', () => {
  const notifications = seedNotifications(ctx, { faults });
  expect(notifications.map((n) => n.faultId)).toEqual(faults.filter((f) => f.severity >= 3).map((f) => f.id));
  const byId = new Map(faults.map((f) => [f.id, f]));
  for (const n of notifications) {
    expect(n.sentAt).toBeGreaterThan(byId.get(n.faultId as string)?.occurredAt as number);
    expect(n.deliveries).toHaveLength(n.severity >= 4 ? 4 : 2);
  }
});
