import { describe, expect, it } from 'vitest';
import type { CommandDeps, CommandRequestMessage, CommandStore } from '../commands/command-store';
import type { Command, NewCommand, TargetVehicle } from '../commands/command-types';
import { ruleCommandIdOf } from '../commands/send-commands';
import type { Notification } from '../notifications/notification-types';
import type { StoredTicket } from '../tickets/ticket-types';
import {
  createRuleMemory,
  type LastFiring,
  type RuleFault,
  type RuleFiringStore,
  type RuleMemory,
  type RuleVehicle,
  runRulesOnReports,
  type ServerRuleChainDeps,
  type VehicleReport,
} from './rule-chain';
import type { Rule } from './rule-types';

// The rule chain through the service, over an in-memory store: duration (pending), cool-down, no flapping across
// batches, clear, tickets once per rule and vehicle, and a restart that resumes from the stored notifications.

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);
const s = (n: number) => T0 + n * 1000;

function rule(overrides: Partial<Rule> = {}): Rule {
  return {
    id: 'rule-low-soc',
    name: 'Low charge',
    description: '',
    deviceKind: 'EV',
    scope: 1,
    oemId: 'oem-1',
    modelId: null,
    vehicleId: null,
    conditionOperator: 1,
    conditions: [{ kind: 'telemetry', key: 'soc', comparator: '<', value: 20 }],
    clearConditions: [],
    pendingSeconds: 0,
    cooldownSeconds: 0,
    repeatSeconds: 0,
    severity: 3,
    deliveryMethods: 1,
    recipients: [],
    webhookUrl: null,
    commandCode: null,
    openTicket: false,
    enabled: true,
    lastFiredAt: null,
    createdBy: 'usr-sa',
    createdAt: new Date(T0 - 86_400_000).toISOString(),
    updatedAt: new Date(T0 - 86_400_000).toISOString(),
    ...overrides,
  } as Rule;
}

const VEHICLE: RuleVehicle = {
  id: 'veh-1',
  oemId: 'oem-1',
  modelId: 'mdl-1',
  template: [{ key: 'soc', label: 'SoC', unit: '%', source: 1, min: 0, max: 100 } as never],
  devices: {},
};

/** veh-1 as a command's target: its EV model offers LOCATE (no parameters) and SPEED_LIMIT (one required). */
const TARGET: TargetVehicle = {
  id: 'veh-1',
  vin: 'VIN-1',
  registrationNumber: null,
  fitted: [
    {
      kind: 'EV',
      deviceId: null,
      commands: [
        { code: 'LOCATE', name: 'Locate', description: '' },
        {
          code: 'SPEED_LIMIT',
          name: 'Set speed limit',
          description: '',
          parameters: [{ name: 'speedKmh', label: 'Top speed', type: 'integer', required: true, min: 10, max: 120 }],
        },
      ] as TargetVehicle['fitted'][number]['commands'],
    },
  ],
};

/** The command service's storage over memory: the commands written and the requests published. */
function commandWorld(now: () => Date) {
  const rows = new Map<string, Command>();
  const requests: { topic: string; message: CommandRequestMessage }[] = [];
  const store = {
    async vehicle(id: string) {
      return id === TARGET.id ? TARGET : undefined;
    },
    async get(id: string) {
      return rows.get(id);
    },
    async insert(c: NewCommand) {
      rows.set(c.id, {
        ...c,
        ruleId: c.ruleId ?? null,
        ruleName: c.ruleName ?? null,
        acknowledgedAt: null,
        sentByName: null,
        vehicleVin: TARGET.vin,
        vehicleRegistration: null,
        failureReason: null,
      } as Command);
    },
    async expirePending() {
      return [];
    },
  } as unknown as CommandStore;
  const deps: CommandDeps = {
    commands: store,
    deviceGroups: {} as CommandDeps['deviceGroups'],
    now,
    publish: (topic, message) => {
      requests.push({ topic, message: message as CommandRequestMessage });
    },
    transact: (work) => work({ commands: store, audit: {} as never }),
  };
  return { deps, rows, requests };
}

/** An in-memory world of one vehicle: what the chain reads and writes. */
function world(rules: Rule[], options: { faults?: RuleFault[]; lastFirings?: LastFiring[] } = {}) {
  const notifications = new Map<string, Notification>();
  const tickets: StoredTicket[] = [];
  const published: string[] = [];
  let ref = 1000;
  const store: RuleFiringStore = {
    async notificationAcknowledged(id) {
      const n = notifications.get(id);
      return n ? n.acknowledgedAt !== null : undefined;
    },
    async addNotification(n) {
      if (notifications.has(n.id)) return false;
      notifications.set(n.id, structuredClone(n));
      return true;
    },
    async clearNotification(id, at) {
      const n = notifications.get(id);
      if (n && n.clearedAt === null) n.clearedAt = at;
    },
    async setLastFiredAt(ruleId, at) {
      const r = rules.find((x) => x.id === ruleId);
      if (r && (r.lastFiredAt === null || r.lastFiredAt < at)) r.lastFiredAt = at;
    },
    async openRuleTicket(ruleId, vehicleId) {
      return tickets.find(
        (t) =>
          t.vehicleId === vehicleId &&
          t.status !== 6 &&
          t.status !== 5 &&
          notifications.get(t.notificationId ?? '')?.ruleId === ruleId,
      )?.id;
    },
    async ticketVehicle(vehicleId) {
      return vehicleId === VEHICLE.id ? { id: vehicleId, dealerId: 'dlr-1' } : undefined;
    },
    async nextTicketRef() {
      ref += 1;
      return `TCK-${ref}`;
    },
    async insertTicket(t) {
      tickets.push(t);
    },
    async setDelivery(id, delivery) {
      const n = notifications.get(id);
      if (n) n.deliveries = n.deliveries.map((d) => (d.method === delivery.method ? delivery : d));
    },
  };
  const commands = commandWorld(() => new Date(T0));
  const deps: ServerRuleChainDeps = {
    source: {
      enabledRules: async () => rules.filter((r) => r.enabled),
      vehicles: async (ids) => new Map(ids.filter((id) => id === VEHICLE.id).map((id) => [id, VEHICLE])),
      faults: async () => new Map([[VEHICLE.id, options.faults ?? []]]),
      lastFirings: async () => options.lastFirings ?? [],
    },
    transact: (work) => work(store),
    deliveryConfig: async () => ({ smtpSender: null, smsSenderId: null, webhookSigned: false }),
    gateway: { sms: () => null, webhook: () => null },
    commands: commands.deps,
    now: () => new Date(T0),
    publish: (n) => published.push(n.id),
  };
  return { deps, notifications, tickets, published, commands };
}

/** Reports of veh-1, one per second from `start`, with these SoC values. */
const reports = (start: number, socs: number[]): VehicleReport[] =>
  socs.map((soc, i) => ({ vehicleId: VEHICLE.id, t: s(start + i), telemetry: { soc } }));

/** Runs the reports one batch per report (as a consumer writes them), on one memory. */
async function runEach(deps: ServerRuleChainDeps, memory: RuleMemory, list: VehicleReport[]) {
  for (const r of list) await runRulesOnReports(deps, memory, [r]);
}

const sentTimes = (notifications: Map<string, Notification>) =>
  [...notifications.values()].map((n) => (Date.parse(n.sentAt) - T0) / 1000).sort((a, b) => a - b);

describe('the rule chain', () => {
  it('fires only once the condition held for the pending duration', async () => {
    const w = world([rule({ pendingSeconds: 10 })]);
    const memory = createRuleMemory();
    // Holds for 5 s, breaks, then holds for 12 s: the first stretch never fires, the second fires at 10 s into it.
    await runEach(w.deps, memory, reports(0, [15, 15, 15, 15, 15, 50, ...Array(12).fill(15)]));
    expect(sentTimes(w.notifications)).toEqual([6 + 10]);
    expect(w.published).toHaveLength(1);
  });

  it('a value flapping across the threshold fires once per cool-down, across batches', async () => {
    const w = world([rule({ cooldownSeconds: 60 })]);
    const memory = createRuleMemory();
    // 90 s of flapping: below, above, below, ... one report a second, each its own batch.
    const flapping = Array.from({ length: 90 }, (_, i) => (i % 2 === 0 ? 10 : 30));
    await runEach(w.deps, memory, reports(0, flapping));
    expect(sentTimes(w.notifications)).toEqual([0, 60]);
    // Each firing cleared when the value went back above the threshold.
    expect([...w.notifications.values()].every((n) => n.clearedAt !== null)).toBe(true);
  });

  it('without a cool-down the same flapping fires at every crossing (what the cool-down prevents)', async () => {
    const w = world([rule({ cooldownSeconds: 0 })]);
    await runEach(w.deps, createRuleMemory(), reports(0, [10, 30, 10, 30, 10]));
    expect(sentTimes(w.notifications)).toEqual([0, 2, 4]);
  });

  it('a pending period survives batch boundaries (state kept between batches)', async () => {
    const w = world([rule({ pendingSeconds: 3 })]);
    const memory = createRuleMemory();
    await runRulesOnReports(w.deps, memory, reports(0, [10, 10]));
    expect(w.notifications.size).toBe(0);
    await runRulesOnReports(w.deps, memory, reports(2, [10, 10]));
    expect(sentTimes(w.notifications)).toEqual([3]);
  });

  it('opens one ticket per rule and vehicle while it is open, linked to the notification, with its SLA clock', async () => {
    const r = rule({ openTicket: true, severity: 4, repeatSeconds: 10 });
    const w = world([r]);
    const memory = createRuleMemory();
    await runEach(w.deps, memory, reports(0, Array(25).fill(10)));
    // The first firing and two reminders; one ticket.
    expect(sentTimes(w.notifications)).toEqual([0, 10, 20]);
    expect(w.tickets).toHaveLength(1);
    const [ticket] = w.tickets;
    expect(ticket).toMatchObject({
      source: 'rule',
      priority: 'critical',
      status: 1,
      vehicleId: 'veh-1',
      dealerId: 'dlr-1',
      ref: 'TCK-1001',
      notificationId: `ntf-r-${r.id}-veh-1-${s(0)}`,
      createdByName: `Rule: ${r.name}`,
      activeSince: new Date(s(0)).toISOString(),
    });
    // Closed: the next firing opens a new one.
    if (ticket) ticket.status = 6;
    await runEach(w.deps, memory, reports(25, [30, 10]));
    expect(w.tickets).toHaveLength(2);
    expect(r.lastFiredAt).toBe(new Date(s(26)).toISOString());
  });

  it('fault conditions read the faults active at each report', async () => {
    const faults: RuleFault[] = [
      {
        id: 'flt-1',
        code: 'BMS-OT',
        name: 'Over-temperature',
        severity: 4,
        deviceKind: 'BMS',
        occurredAt: s(2),
        clearedAt: null,
      },
    ];
    const w = world(
      [rule({ conditions: [{ kind: 'fault', key: null, comparator: '>=', value: 4 }], openTicket: true })],
      { faults },
    );
    await runEach(w.deps, createRuleMemory(), reports(0, [50, 50, 50, 50]));
    expect(sentTimes(w.notifications)).toEqual([2]);
    expect([...w.notifications.values()][0]).toMatchObject({ faultId: 'flt-1' });
    expect(w.tickets[0]).toMatchObject({ faultId: 'flt-1' });
  });

  it('a reminder of an acknowledged notification is not sent', async () => {
    const w = world([rule({ repeatSeconds: 5 })]);
    const memory = createRuleMemory();
    await runEach(w.deps, memory, reports(0, [10, 10]));
    const first = [...w.notifications.values()][0] as Notification;
    first.acknowledgedAt = new Date(s(1)).toISOString();
    await runEach(w.deps, memory, reports(2, Array(10).fill(10)));
    expect(sentTimes(w.notifications)).toEqual([0]);
  });

  it('a restarted process resumes from the newest notification: no second firing within the cool-down', async () => {
    const r = rule({ cooldownSeconds: 600 });
    const last: LastFiring = {
      ruleId: r.id,
      vehicleId: VEHICLE.id,
      notificationId: `ntf-r-${r.id}-veh-1-${s(-30)}`,
      sentAt: s(-30),
      clearedAt: s(-20),
    };
    const resumed = world([r], { lastFirings: [last] });
    await runEach(resumed.deps, createRuleMemory(), reports(0, [10, 10]));
    expect(resumed.notifications.size).toBe(0);
    // A fresh memory without the stored firing would have fired at once.
    const forgetful = world([rule({ cooldownSeconds: 600 })]);
    await runEach(forgetful.deps, createRuleMemory(), reports(0, [10]));
    expect(forgetful.notifications.size).toBe(1);
  });

  it('an edited rule starts afresh', async () => {
    const r = rule({ cooldownSeconds: 600 });
    const w = world([r]);
    const memory = createRuleMemory();
    await runEach(w.deps, memory, reports(0, [10, 30]));
    r.updatedAt = new Date(s(2)).toISOString();
    await runEach(w.deps, memory, reports(3, [10]));
    expect(sentTimes(w.notifications)).toEqual([0, 3]);
  });

  it("a rule with Command sends its command through the command service, once per firing, to the vehicle's topic", async () => {
    const r = rule({ deliveryMethods: 1 | 32, commandCode: 'LOCATE', repeatSeconds: 10 });
    const w = world([r]);
    const memory = createRuleMemory();
    await runEach(w.deps, memory, reports(0, Array(12).fill(10)));
    // The firing and its reminder: two notifications, two commands, each named by its notification.
    expect(sentTimes(w.notifications)).toEqual([0, 10]);
    const ids = await Promise.all([...w.notifications.keys()].map(ruleCommandIdOf));
    // An id of the contract's topic level: at most 64 characters (a notification's id is longer).
    for (const id of ids) expect(id).toMatch(/^cmd-r-[0-9a-f]{40}$/);
    expect([...w.commands.rows.keys()].sort()).toEqual(ids.sort());
    const first = w.commands.rows.get(ids[0] as string);
    expect(first).toMatchObject({
      vehicleId: 'veh-1',
      deviceId: null,
      deviceKind: 'EV',
      code: 'LOCATE',
      name: 'Locate',
      kind: 'Rule',
      status: 1,
      sentBy: null,
      ruleId: r.id,
      ruleName: r.name,
      payload: null,
      sentAt: new Date(T0).toISOString(),
      expiresAt: new Date(T0 + 300_000).toISOString(),
    });
    // Published as a command request on the vehicle's command topic, once per command.
    expect(w.commands.requests).toHaveLength(2);
    expect(w.commands.requests[0]).toEqual({
      topic: 'voltline/v1/vehicles/veh-1/commands',
      message: { v: 1, commandId: ids[0], vehicleUid: 'veh-1', kind: 'Rule', name: 'LOCATE', ts: T0 },
    });
    // The notification's command delivery stays sent.
    for (const n of w.notifications.values()) {
      expect(n.deliveries.find((d) => d.method === 32)).toMatchObject({ status: 'sent', error: null });
    }
  });

  it('a firing recorded twice sends its command once (the notification is its idempotency key)', async () => {
    const r = rule({ deliveryMethods: 32, commandCode: 'LOCATE' });
    const w = world([r]);
    await runEach(w.deps, createRuleMemory(), reports(0, [10]));
    expect(w.commands.requests).toHaveLength(1);
    // The same firing recorded again, its notification stored anew (a store that lost it): the firing's command
    // exists already, so nothing is written or published again.
    w.notifications.clear();
    await runEach(w.deps, createRuleMemory(), reports(0, [10]));
    expect(w.notifications.size).toBe(1);
    expect(w.commands.rows.size).toBe(1);
    expect(w.commands.requests).toHaveLength(1);
  });

  it("a command the vehicle does not accept is not sent, and the notification's command delivery says why", async () => {
    for (const [commandCode, error] of [
      ['SPEED_LIMIT', 'Set speed limit needs parameters a rule does not give: Top speed is required.'],
      ['BMS_RESET', "The vehicle's model has no command BMS_RESET."],
    ] as const) {
      const w = world([rule({ deliveryMethods: 1 | 32, commandCode })]);
      await runEach(w.deps, createRuleMemory(), reports(0, [10]));
      expect(w.notifications.size).toBe(1);
      expect(w.commands.rows.size).toBe(0);
      expect(w.commands.requests).toHaveLength(0);
      const [n] = [...w.notifications.values()];
      expect(n?.deliveries.find((d) => d.method === 32)).toMatchObject({ status: 'failed', error });
      expect(n?.deliveries.find((d) => d.method === 1)).toMatchObject({ status: 'delivered' });
    }
  });

  it('a rule without Command sends no command', async () => {
    const w = world([rule({ deliveryMethods: 1 | 16, commandCode: 'LOCATE' })]);
    await runEach(w.deps, createRuleMemory(), reports(0, [10]));
    expect(w.notifications.size).toBe(1);
    expect(w.commands.rows.size).toBe(0);
  });
});
