import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { call, signIn } from '../test/api-test-client';

// The chain of issue 19 in the demo server: a rule fires -> a notification -> a ticket for the vehicle's service centre.

const OPENS_TICKET = {
  name: 'Charge watch on veh-000001',
  deviceKind: 'EV',
  scope: 3,
  vehicleId: 'veh-000001',
  conditionOperator: 1,
  conditions: [{ kind: 'telemetry', key: 'soc', comparator: '>=', value: 0 }],
  pendingSeconds: 0,
  cooldownSeconds: 0,
  repeatSeconds: 30,
  severity: 4,
  deliveryMethods: 16,
  openTicket: true,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 25, 12, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

test('a rule that opens tickets opens one, linked to its notification, and not one per firing', async () => {
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  const rule = (await call('POST', '/rules', { token, body: OPENS_TICKET })).body;

  vi.setSystemTime(Date.now() + 12_000);
  const fired = await call('GET', `/notifications?filter[ruleId]=${rule.id}`, { token });
  expect(fired.body.total).toBe(1);
  const notification = fired.body.items[0];

  const tickets = await call('GET', '/tickets?filter[source]=rule&filter[vehicleId]=veh-000001', { token });
  expect(tickets.status).toBe(200);
  expect(tickets.body.total).toBe(1);
  const ticket = tickets.body.items[0];
  expect(ticket).toMatchObject({ status: 1, priority: 'critical', source: 'rule', vehicleId: 'veh-000001' });
  expect(ticket.title).toContain(OPENS_TICKET.name);
  const detail = await call('GET', `/tickets/${ticket.id}`, { token });
  expect(detail.body.notificationId).toBe(notification.id);

  // The condition still holds: reminders follow every 30 s, but the open ticket is not opened twice.
  vi.setSystemTime(Date.now() + 60_000);
  expect((await call('GET', `/notifications?filter[ruleId]=${rule.id}`, { token })).body.total).toBeGreaterThan(1);
  const again = await call('GET', '/tickets?filter[source]=rule&filter[vehicleId]=veh-000001', { token });
  expect(again.body.total).toBe(1);

  // The service centre closes it; the next firing opens a new one.
  const da = await signIn('DA');
  expect((await call('POST', `/tickets/${ticket.id}/status`, { token: da, body: { status: 6 } })).status).toBe(200);
  vi.setSystemTime(Date.now() + 60_000);
  await call('GET', `/notifications?filter[ruleId]=${rule.id}`, { token });
  const after = await call('GET', '/tickets?filter[source]=rule&filter[vehicleId]=veh-000001&filter[status]=1', {
    token,
  });
  expect(after.body.total).toBe(1);
  expect(after.body.items[0].id).not.toBe(ticket.id);
});
