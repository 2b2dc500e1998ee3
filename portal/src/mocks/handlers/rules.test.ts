import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { EXPIRED_REASON } from '@services/commands/command-expiry';
import { REJECTED_REASON } from '@services/commands/acknowledge-command';
import { call, signIn } from '../test/api-test-client';
import { getWorldDb } from '../world/world-instance';

/** A rule on one vehicle whose condition always holds (state of charge is 0..100): it fires on the next sample. */
const ALWAYS = {
  name: 'Any charge on veh-000001',
  deviceKind: 'EV',
  scope: 3,
  vehicleId: 'veh-000001',
  conditionOperator: 1,
  conditions: [{ kind: 'telemetry', key: 'soc', comparator: '>=', value: 0 }],
  pendingSeconds: 0,
  cooldownSeconds: 600,
  repeatSeconds: 0,
  severity: 4,
  deliveryMethods: 1 | 8 | 16,
  webhookUrl: 'https://fail.example.com/hook',
  openTicket: true,
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 25, 12, 0, 0) });
});
afterEach(() => {
  vi.useRealTimers();
});

test('answers 401 without a token and 403 without rule.l', async () => {
  expect((await call('GET', '/rules')).status).toBe(401);
  expect((await call('GET', '/rules', { token: await signIn('DE') })).status).toBe(403);
});

test('lists the seeded rules: all for platform staff, its own for an OEM', async () => {
  const sa = await call('GET', '/rules?pageSize=100', { token: await signIn('SA') });
  const oems = new Set(sa.body.items.map((r: { oemId: string }) => r.oemId));
  expect(oems.size).toBeGreaterThan(1);
  const oem = await call('GET', '/rules?pageSize=100', { token: await signIn('OEMA') });
  expect(oem.body.items.length).toBeGreaterThan(3);
  for (const r of oem.body.items) expect(r.oemId).toBe('oem-01');
  expect(oem.body.items.map((r: { name: string }) => r.name)).toContain('Battery overheating');
});

test('answers field errors for no conditions, a threshold out of range and a web hook that is not https', async () => {
  const token = await signIn('OEMA');
  const empty = await call('POST', '/rules', {
    token,
    body: { ...ALWAYS, conditions: [], webhookUrl: 'http://x.example.com' },
  });
  expect(empty.status).toBe(400);
  expect(empty.body.fieldErrors).toMatchObject({
    conditions: 'Add at least one condition.',
    webhookUrl: 'The web-hook URL must start with https://.',
  });
  const outOfRange = await call('POST', '/rules', {
    token,
    body: { ...ALWAYS, conditions: [{ kind: 'telemetry', key: 'soc', comparator: '>', value: 140 }] },
  });
  expect(outOfRange.body.fieldErrors).toEqual({ 'conditions.0': 'State of charge ranges from 0 to 100 %.' });
});

test('creates, edits, clones, disables and deletes a rule, each audited', async () => {
  const token = await signIn('SA');
  const created = await call('POST', '/rules', { token, body: ALWAYS });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ oemId: 'oem-01', enabled: true, openTicket: true, lastFiredAt: null });
  const id = created.body.id as string;
  const edited = await call('PATCH', `/rules/${id}`, { token, body: { name: 'Renamed' } });
  expect(edited.body.name).toBe('Renamed');
  const copy = await call('POST', `/rules/${id}/clone`, { token });
  expect(copy.status).toBe(201);
  expect(copy.body).toMatchObject({ name: 'Copy of Renamed', enabled: false });
  expect((await call('POST', `/rules/${id}/disable`, { token })).body.enabled).toBe(false);
  expect((await call('DELETE', `/rules/${id}`, { token })).status).toBe(204);
  expect((await call('GET', `/rules/${id}`, { token })).status).toBe(404);
  const audit = await call('GET', `/audit?filter[entity]=Rule&filter[entityId]=${id}&sort=seq:asc`, { token });
  expect(audit.body.items.map((a: { action: string }) => a.action)).toEqual([
    'Add',
    'Update',
    'Change Status',
    'Delete',
  ]);
});

test('an OEM employee may add but not delete, clone, enable or disable (403)', async () => {
  const token = await signIn('OEME');
  const created = await call('POST', '/rules', { token, body: ALWAYS });
  expect(created.status).toBe(201);
  const id = created.body.id as string;
  for (const [method, path] of [
    ['DELETE', `/rules/${id}`],
    ['POST', `/rules/${id}/clone`],
    ['POST', `/rules/${id}/disable`],
  ] as const) {
    expect((await call(method, path, { token })).status).toBe(403);
  }
  expect((await call('PATCH', `/rules/${id}`, { token, body: { enabled: false } })).status).toBe(403);
});

test('another OEM does not see a rule (404)', async () => {
  const created = await call('POST', '/rules', { token: await signIn('SA'), body: ALWAYS });
  const db = await getWorldDb();
  const other = db.tables.users.all().find((u) => u.role === 'OEMA' && u.oemId !== 'oem-01');
  expect(other).toBeDefined();
  const res = await call('POST', '/auth/login', { body: { email: other!.email, password: other!.password } });
  expect((await call('GET', `/rules/${created.body.id}`, { token: res.body.token })).status).toBe(404);
});

test('"test this rule" shows when it would have fired over the last hour', async () => {
  const token = await signIn('OEMA');
  const res = await call('POST', '/rules/test', { token, body: ALWAYS });
  expect(res.status).toBe(200);
  expect(Date.parse(res.body.to) - Date.parse(res.body.from)).toBe(3_600_000);
  expect(res.body.vehicles).toBe(1);
  // Always true, cool-down 10 minutes, never clears: it fires once at the start of the hour and never again.
  expect(res.body.firings).toEqual([{ vehicleId: 'veh-000001', firedAt: res.body.from, clearedAt: null }]);
  const bad = await call('POST', '/rules/test', { token, body: { ...ALWAYS, conditions: [] } });
  expect(bad.status).toBe(400);
});

test('an enabled rule fires on the simulated telemetry: a notification with per-channel outcomes, then acknowledged', async () => {
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  const created = await call('POST', '/rules', { token, body: ALWAYS });
  const ruleId = created.body.id as string;
  const before = await call('GET', `/notifications?filter[ruleId]=${ruleId}`, { token });
  expect(before.body.total).toBe(0);

  vi.setSystemTime(Date.now() + 12_000);
  const after = await call('GET', `/notifications?filter[ruleId]=${ruleId}`, { token });
  expect(after.body.total).toBe(1);
  const [n] = after.body.items;
  expect(n).toMatchObject({
    vehicleId: 'veh-000001',
    ruleName: ALWAYS.name,
    severity: 4,
    acknowledgedAt: null,
    ticketRequested: true,
  });
  expect(n.deliveries.map((d: { method: number; status: string }) => [d.method, d.status])).toEqual([
    [1, 'delivered'],
    [8, 'failed'],
    [16, 'sent'],
  ]);
  expect(n.deliveries[1].error).toMatch(/HTTP 503/);
  expect((await call('GET', `/rules/${ruleId}`, { token })).body.lastFiredAt).toBe(n.sentAt);
  const unread = await call('GET', '/notifications?filter[acknowledged]=false&pageSize=1', { token });

  // Within the cool-down it does not fire again.
  vi.setSystemTime(Date.now() + 60_000);
  expect((await call('GET', `/notifications?filter[ruleId]=${ruleId}`, { token })).body.total).toBe(1);

  const acked = await call('POST', `/notifications/${n.id}/acknowledge`, { token });
  expect(acked.status).toBe(200);
  expect(acked.body.acknowledgedBy).toBe('usr-sa');
  expect(acked.body.acknowledgedByName).toMatch(/SA/);
  expect(acked.body.deliveries[2].status).toBe('delivered');
  const unreadAfter = await call('GET', '/notifications?filter[acknowledged]=false&pageSize=1', { token });
  expect(unreadAfter.body.total).toBe(unread.body.total - 1);
  const audit = await call('GET', `/audit?filter[entity]=Rule&filter[entityId]=${n.id}`, { token });
  expect(audit.body.items).toHaveLength(1);
});

test('the engine reports each firing, with its ticket for rules that open a ticket', async () => {
  const { runRules } = await import('../world/rule-engine');
  const db = await getWorldDb();
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  await call('POST', '/rules', { token, body: ALWAYS });
  const requested: string[] = [];
  vi.setSystemTime(Date.now() + 12_000);
  await runRules(db, Date.now(), {
    onFired: (_db, fired) => {
      if (fired.ticketId !== null) requested.push(fired.notification.vehicleId);
    },
  });
  expect(requested).toEqual(['veh-000001']);
});

test("a rule with Command sends it through the command services; the vehicle's simulated device settles it", async () => {
  const { acknowledgeResultIn } = await import('./commands');
  const db = await getWorldDb();
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  // An online vehicle whose model offers LOCATE (every seeded EV model) and whose simulated device accepts it.
  const vehicle = db.tables.vehicles
    .all()
    .find((v) => v.isLive && acknowledgeResultIn(db, { vehicleId: v.id, code: 'LOCATE' }) === 2);
  if (!vehicle) throw new Error('no online vehicle accepts LOCATE');
  const created = await call('POST', '/rules', {
    token,
    body: { ...ALWAYS, vehicleId: vehicle.id, deliveryMethods: 16 | 32, commandCode: 'LOCATE', openTicket: false },
  });
  expect(created.status).toBe(201);
  const ruleId = created.body.id as string;

  vi.setSystemTime(Date.now() + 12_000);
  const fired = await call('GET', `/notifications?filter[ruleId]=${ruleId}`, { token });
  expect(fired.body.total).toBe(1);
  expect(fired.body.items[0].deliveries.find((d: { method: number }) => d.method === 32)).toMatchObject({
    status: 'sent',
  });
  // Sent now by the rule, Pending until its device answers (2 to 5 s later).
  const sent = await call('GET', `/commands?filter[ruleId]=${ruleId}`, { token });
  expect(sent.body.total).toBe(1);
  expect(sent.body.items[0]).toMatchObject({
    kind: 'Rule',
    code: 'LOCATE',
    status: 1,
    vehicleId: vehicle.id,
    ruleName: ALWAYS.name,
    sentBy: null,
    sentAt: new Date(Date.now()).toISOString(),
  });
  vi.setSystemTime(Date.now() + 6_000);
  const settled = await call('GET', `/commands/${sent.body.items[0].id}`, { token });
  expect(settled.body).toMatchObject({ status: 2, failureReason: null });
  // The next runs send nothing more (the rule is in its cool-down).
  expect((await call('GET', `/commands?filter[ruleId]=${ruleId}`, { token })).body.total).toBe(1);
});

/** The command delivery of the one notification of a rule (a rule with Command 32). */
async function commandDeliveryOf(ruleId: string, token: string) {
  const fired = await call('GET', `/notifications?filter[ruleId]=${ruleId}`, { token });
  expect(fired.body.total).toBe(1);
  return fired.body.items[0].deliveries.find((d: { method: number }) => d.method === 32);
}

test("a rule's command the vehicle's device refuses is written back to its notification as failed", async () => {
  const { acknowledgeResultIn } = await import('./commands');
  const db = await getWorldDb();
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  const vehicle = db.tables.vehicles
    .all()
    .find((v) => v.isLive && acknowledgeResultIn(db, { vehicleId: v.id, code: 'LOCATE' }) === 3);
  if (!vehicle) throw new Error('no online vehicle refuses LOCATE');
  const created = await call('POST', '/rules', {
    token,
    body: { ...ALWAYS, vehicleId: vehicle.id, deliveryMethods: 16 | 32, commandCode: 'LOCATE', openTicket: false },
  });
  const ruleId = created.body.id as string;
  vi.setSystemTime(Date.now() + 12_000);
  expect(await commandDeliveryOf(ruleId, token)).toMatchObject({ status: 'sent', error: null });
  // Its device answers Failed 2 to 5 s later: the command says so, and so does the notification.
  vi.setSystemTime(Date.now() + 6_000);
  const commands = await call('GET', `/commands?filter[ruleId]=${ruleId}`, { token });
  expect(commands.body.items[0]).toMatchObject({ status: 3, failureReason: REJECTED_REASON });
  expect(await commandDeliveryOf(ruleId, token)).toMatchObject({ status: 'failed', error: REJECTED_REASON });
});

test("a rule's command nobody answers expires, and its notification says so", async () => {
  const { acknowledgeResultIn } = await import('./commands');
  const db = await getWorldDb();
  const token = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token });
  const vehicle = db.tables.vehicles
    .all()
    .filter((v) => v.isLive && acknowledgeResultIn(db, { vehicleId: v.id, code: 'LOCATE' }) === 2)
    .at(-1);
  if (!vehicle) throw new Error('no online vehicle accepts LOCATE');
  const created = await call('POST', '/rules', {
    token,
    body: { ...ALWAYS, vehicleId: vehicle.id, deliveryMethods: 16 | 32, commandCode: 'LOCATE', openTicket: false },
  });
  const ruleId = created.body.id as string;
  vi.setSystemTime(Date.now() + 12_000);
  expect(await commandDeliveryOf(ruleId, token)).toMatchObject({ status: 'sent' });
  // The vehicle goes offline before its device answers: the command stays Pending until its expiry (300 s).
  db.tables.vehicles.update(vehicle.id, { isLive: false });
  try {
    vi.setSystemTime(Date.now() + 120_000);
    expect((await call('GET', `/commands?filter[ruleId]=${ruleId}`, { token })).body.items[0].status).toBe(1);
    expect(await commandDeliveryOf(ruleId, token)).toMatchObject({ status: 'sent' });
    vi.setSystemTime(Date.now() + 181_000);
    const commands = await call('GET', `/commands?filter[ruleId]=${ruleId}`, { token });
    expect(commands.body.items[0]).toMatchObject({ status: 3, failureReason: EXPIRED_REASON });
    expect(await commandDeliveryOf(ruleId, token)).toMatchObject({ status: 'failed', error: EXPIRED_REASON });
  } finally {
    db.tables.vehicles.update(vehicle.id, { isLive: true });
  }
});

test('a dealer employee reads the history but may not acknowledge (403)', async () => {
  const token = await signIn('DE');
  const list = await call('GET', '/notifications?pageSize=1', { token });
  expect(list.status).toBe(200);
  const id = list.body.items[0].id;
  expect((await call('POST', `/notifications/${id}/acknowledge`, { token })).status).toBe(403);
});

test('filters by delivery method and status', async () => {
  const token = await signIn('SA');
  const failed = await call('GET', '/notifications?filter[method]=4&filter[status]=failed&pageSize=100', { token });
  expect(failed.body.total).toBeGreaterThan(0);
  for (const n of failed.body.items)
    expect(n.deliveries.some((d: { method: number; status: string }) => d.method === 4 && d.status === 'failed')).toBe(
      true,
    );
});

test('a rule saved just before a reload still fires after it, and nothing is recorded twice', async () => {
  const { forgetWorldDb } = await import('../world/world-instance');
  const token = await signIn('SA');
  const created = await call('POST', '/rules', { token, body: { ...ALWAYS, cooldownSeconds: 0, repeatSeconds: 0 } });
  vi.setSystemTime(Date.now() + 12_000);
  const first = await call('GET', `/notifications?filter[ruleId]=${created.body.id}`, { token });
  expect(first.body.total).toBe(1);
  forgetWorldDb();
  vi.setSystemTime(Date.now() + 5_000);
  const again = await call('GET', `/notifications?filter[ruleId]=${created.body.id}`, { token });
  expect(again.body.items.map((n: { id: string }) => n.id)).toEqual(first.body.items.map((n: { id: string }) => n.id));
});

test("a rule sends with its OEM's delivery settings, else the platform's; a channel with none set fails and says where to set it", async () => {
  const sa = await signIn('SA');
  await call('GET', '/notifications?pageSize=1', { token: sa });
  const rule = (
    await call('POST', '/rules', {
      token: sa,
      body: {
        ...ALWAYS,
        name: 'Delivery settings on veh-000001',
        // It keeps holding: a reminder every minute is its next firing.
        cooldownSeconds: 60,
        repeatSeconds: 60,
        deliveryMethods: 2 | 8,
        recipients: ['ops@example.com'],
        webhookUrl: 'https://hooks.example.com/voltline',
        openTicket: false,
      },
    })
  ).body;
  expect(rule.oemId).toBe('oem-01');
  let firings = 0;
  /** The outcomes of the rule's newest notification, one firing later. */
  const nextOutcomes = async () => {
    vi.setSystemTime(Date.now() + 70_000);
    const res = await call('GET', `/notifications?filter[ruleId]=${rule.id}&sort=sentAt:desc&pageSize=1`, {
      token: sa,
    });
    // It keeps holding: each minute brings a reminder, a new notification sent with the settings of that moment.
    expect(res.body.total).toBeGreaterThan(firings);
    firings = res.body.total;
    return res.body.items[0].deliveries.map((d: { method: number; status: string; error: string | null }) => [
      d.method,
      d.status,
      d.error,
    ]);
  };

  // oem-01 set nothing: the platform's SMTP sender and signing secret are used.
  expect(await nextOutcomes()).toEqual([
    [2, 'delivered', null],
    [8, 'delivered', null],
  ]);

  // The platform's SMTP sender removed: e-mail fails and says where to set it.
  expect((await call('PATCH', '/settings/delivery', { token: sa, body: { smtpSender: null } })).status).toBe(200);
  expect(await nextOutcomes()).toEqual([
    [2, 'failed', 'No e-mail sender (SMTP) is set up: set it in Settings, Delivery methods.'],
    [8, 'delivered', null],
  ]);

  // The OEM sets its own sender: its rules send again.
  const oema = await signIn('OEMA');
  const saved = await call('PATCH', '/settings/delivery', {
    token: oema,
    body: { smtpSender: 'fleet@oem.example.com' },
  });
  expect(saved.status).toBe(200);
  expect(await nextOutcomes()).toEqual([
    [2, 'delivered', null],
    [8, 'delivered', null],
  ]);
});
