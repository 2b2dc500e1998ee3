import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { vehicleTelemetrySchema } from '@/domain/live-payloads';
import { type BrokerEmulator, createBrokerEmulator } from '../live/broker-emulator';
import { call, signIn } from '../test/api-test-client';
import { SEEDED_RULE_IDS } from './rule-seed';
import { liveFaultCatalog, liveFaultOptions } from './live-faults';
import { getWorldDb } from './world-instance';

// Issue 19: a fault raised live by the simulated fleet is stored in the demo world, so the chain runs on it: the
// vehicle's faults list shows it, the OEM's "Critical faults" rule fires on it and opens a ticket, and closing that
// ticket clears the fault.

const VEHICLES = Array.from({ length: 12 }, (_, i) => `veh-${String(i + 1).padStart(6, '0')}`);

let emulator: BrokerEmulator | undefined;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2026, 10, 25, 12, 0, 0) });
});
afterEach(() => {
  emulator?.dispose();
  emulator = undefined;
  vi.useRealTimers();
});

/** Runs the demo's emulator over VEHICLES, every driving vehicle raising a fault per second, for `seconds`. */
async function raiseFaults(seconds: number) {
  const db = await getWorldDb();
  emulator = createBrokerEmulator({
    vehicleIds: () => VEHICLES,
    hasVehicle: (id) => db.tables.vehicles.get(id) !== undefined,
    now: () => Date.now(),
    faultRate: 1000,
    ...liveFaultOptions(db),
  });
  const session = emulator.attach({ send: () => undefined, close: () => undefined });
  const { generate } = await import('mqtt-packet');
  session.receive(
    new Uint8Array(generate({ cmd: 'connect', clientId: 't', protocolVersion: 4, keepalive: 30, clean: true })),
  );
  session.receive(
    new Uint8Array(
      generate({ cmd: 'subscribe', messageId: 1, subscriptions: [{ topic: 'voltline/v1/telemetry/#', qos: 0 }] }),
    ),
  );
  for (let s = 0; s <= seconds; s += 1) {
    emulator.tick();
    vi.setSystemTime(Date.now() + 1000);
  }
}

test("a vehicle's live catalogue is its models' faults, each one the live contract can carry", async () => {
  const db = await getWorldDb();
  const vehicle = db.tables.vehicles.get('veh-000001');
  const catalog = liveFaultCatalog(db, 'veh-000001');
  const evModel = db.tables.models.get(vehicle?.modelId ?? '');
  expect(catalog.map((f) => f.code)).toEqual(expect.arrayContaining((evModel?.faults ?? []).map((f) => f.code)));
  const bmsModel = db.tables.models.get(db.tables.bmsDevices.get(vehicle?.bmsId ?? '')?.modelId ?? '');
  expect(catalog.map((f) => f.code)).toEqual(expect.arrayContaining((bmsModel?.faults ?? []).map((f) => f.code)));
  expect(bmsModel?.faults.length).toBeGreaterThan(0);
  const parsed = vehicleTelemetrySchema.shape.faults.safeParse(catalog.slice(0, 32));
  expect(parsed.success).toBe(true);
  expect(liveFaultCatalog(db, 'veh-missing')).toEqual([]);
});

test('a live fault is stored, a critical one fires the OEM rule and opens a ticket, and closing it clears the fault', async () => {
  const token = await signIn('SA');
  // The rule engine starts from here.
  await call('GET', '/notifications?pageSize=1', { token });
  const db = await getWorldDb();
  const before = db.tables.faults.size;
  await raiseFaults(3);
  const live = db.tables.faults.all().filter((f) => f.id.startsWith('flt-live-'));
  expect(live.length).toBeGreaterThan(0);
  expect(db.tables.faults.size).toBe(before + live.length);

  // The vehicle's faults list shows it, active and unacknowledged, on the device it came from.
  const fault = live.find((f) => f.severity >= 4) ?? live[0];
  if (!fault) throw new Error('no live fault');
  const listed = await call('GET', `/faults?filter[vehicleId]=${fault.vehicleId}&filter[active]=true&pageSize=100`, {
    token,
  });
  const row = listed.body.items.find((f: { id: string }) => f.id === fault.id);
  expect(row).toMatchObject({ vehicleId: fault.vehicleId, code: fault.code, clearedAt: null, acknowledgedAt: null });
  const fitted = db.tables.vehicles.get(fault.vehicleId);
  const deviceIds = { EV: null, BMS: fitted?.bmsId, MCU: fitted?.mcuId, VCU: fitted?.vcuId };
  expect(row.deviceId).toBe(deviceIds[fault.deviceKind]);
  expect(fault.severity).toBeGreaterThanOrEqual(4);

  // The OEM's "Critical faults" rule fires on it and opens a ticket linked to it.
  vi.setSystemTime(Date.now() + 12_000);
  const vehicle = db.tables.vehicles.get(fault.vehicleId);
  const ruleId = SEEDED_RULE_IDS.criticalFaults(vehicle?.oemId ?? '');
  const fired = await call('GET', `/notifications?filter[ruleId]=${ruleId}&filter[vehicleId]=${fault.vehicleId}`, {
    token,
  });
  const notification = fired.body.items.find((n: { faultId: string | null }) => n.faultId === fault.id);
  expect(notification).toBeDefined();
  const tickets = await call('GET', `/tickets?filter[faultId]=${fault.id}`, { token });
  expect(tickets.body.total).toBe(1);
  const ticket = tickets.body.items[0];

  // Worked and closed: the fault is cleared, and the ticket's history says so.
  for (const status of [2, 6]) {
    const moved = await call('POST', `/tickets/${ticket.id}/status`, { token, body: { status } });
    expect(moved.status).toBe(200);
  }
  const after = await call('GET', `/faults/${fault.id}`, { token });
  expect(after.body.clearedAt).not.toBeNull();
  const detail = await call('GET', `/tickets/${ticket.id}`, { token });
  expect(detail.body.events.map((e: { summary: string }) => e.summary)).toContain(
    `Fault ${fault.code} (${fault.name}) cleared`,
  );
});
