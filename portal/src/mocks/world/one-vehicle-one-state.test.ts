// Issue 18 item 1 (decision 0103): every view of one demo vehicle derives from its drive profile. The list, the
// details, the live telemetry at the same instant and the history's last point agree; offline vehicles publish
// nothing; and at any hour of the day some vehicles drive and some charge.
import { generate, type Packet, parser } from 'mqtt-packet';
import { afterEach, expect, test } from 'vitest';
import { DEMO_REGION } from '@/shared/lib/live/demo-region';
import { parseLiveMessage } from '@/shared/lib/live/topics';
import { type BrokerEmulator, createBrokerEmulator } from '../live/broker-emulator';
import { createFleetSimulator } from '../live/fleet-simulator.js';
import { call, signIn } from '../test/api-test-client';
import { driveProfileOf, PROFILE_STATE, profileAt } from './drive-profile';
import { liveProfileOptions } from './live-profile';
import { getWorldDb } from './world-instance';

const HOUR = 3_600_000;
const DRIVING = new Set([64, 66, 67]);
const CHARGING = new Set([80, 81, 82]);

interface ApiVehicle {
  id: string;
  soc: number;
  rangeKm: number;
  odometerKm: number;
  stateCode: number | string;
  isLive: boolean;
  lastSeenAt: string;
}

let emulator: BrokerEmulator | undefined;
afterEach(() => {
  emulator?.dispose();
  emulator = undefined;
});

/** The last point of each key of a vehicle's history, up to `at`. */
async function historyAt(token: string, id: string, at: number) {
  const from = new Date(at - 60_000).toISOString();
  const to = new Date(at).toISOString();
  const res = await call(
    'GET',
    `/vehicles/${id}/telemetry?from=${from}&to=${to}&points=2&keys=soc,odometer,stateCode`,
    {
      token,
    },
  );
  expect(res.status).toBe(200);
  const last = (key: string) =>
    (res.body.items as { key: string; points: [number, number][] }[]).find((s) => s.key === key)?.points.at(-1)?.[1];
  return { soc: last('soc'), odometer: last('odometer'), stateCode: last('stateCode') };
}

test("a vehicle's list row, its details, its live telemetry and its history agree at the instant it was last seen", async () => {
  const db = await getWorldDb();
  const token = await signIn('SA');
  const list = await call('GET', '/vehicles?pageSize=1000', { token });
  expect(list.status).toBe(200);
  const rows = list.body.items as ApiVehicle[];
  expect(rows.length).toBeGreaterThanOrEqual(100);
  const simulator = createFleetSimulator({ region: DEMO_REGION, faultRate: 0, ...liveProfileOptions(db) });
  const states = new Set<number | string>();
  for (const row of rows.slice(0, 80)) {
    const at = Date.parse(row.lastSeenAt);
    const details = (await call('GET', `/vehicles/${row.id}`, { token })).body as ApiVehicle;
    const [telemetry] = simulator.step([row.id], at);
    const live = telemetry!.payload as { soc: number; odometer: number; state: number };
    const history = await historyAt(token, row.id, at);
    states.add(row.stateCode);
    for (const view of [details, { soc: live.soc, odometerKm: live.odometer, stateCode: live.state }]) {
      expect(Math.abs(view.soc - row.soc), `${row.id} SoC`).toBeLessThanOrEqual(1);
      expect(Math.abs(view.odometerKm - row.odometerKm), `${row.id} odometer`).toBeLessThanOrEqual(0.1);
      expect(view.stateCode, `${row.id} state`).toBe(row.stateCode);
    }
    expect(Math.abs(history.soc! - row.soc), `${row.id} history SoC`).toBeLessThanOrEqual(1);
    expect(Math.abs(history.odometer! - row.odometerKm), `${row.id} history odometer`).toBeLessThanOrEqual(0.1);
    expect(history.stateCode, `${row.id} history state`).toBe(row.stateCode);
    expect(row.rangeKm).toBeCloseTo(details.rangeKm, 5);
  }
  // The rows are not all alike: the fleet drives, charges and stands.
  expect(states.size).toBeGreaterThanOrEqual(2);
  for (const state of states) expect(Object.values(PROFILE_STATE)).toContain(state);
});

test('five minutes on, the live telemetry has moved by no more than the km driven since, and its charge with them', async () => {
  const db = await getWorldDb();
  const simulator = createFleetSimulator({ region: DEMO_REGION, faultRate: 0, ...liveProfileOptions(db) });
  for (const row of db.tables.vehicles.all().filter((v) => v.isLive)) {
    const later = row.lastSeenAt + 5 * 60_000;
    const live = simulator.step([row.id], later)[0]!.payload as { soc: number; odometer: number; speed: number };
    const driven = live.odometer - row.odometerKm;
    expect(driven).toBeGreaterThanOrEqual(-0.1);
    // At most the profile's top speed (a day's km in one half-hour slot: 240 km/h is beyond any of them) for 5 minutes.
    expect(driven).toBeLessThanOrEqual(20);
    // The charge falls only by driving (at most 0.6 % a km) and rises only by charging (at most 25 % an hour).
    expect(row.soc - live.soc).toBeLessThanOrEqual(0.6 * driven + 0.1);
    expect(live.soc - row.soc).toBeLessThanOrEqual(25 / 12 + 0.1);
  }
});

/** Connects a client to the emulator, subscribes to `filters` and returns the vehicle uids of the telemetry it gets. */
function subscriber(filters: string[]) {
  const uids = new Set<string>();
  const decoder = parser({ protocolVersion: 4 });
  decoder.on('packet', (p: Packet) => {
    if (p.cmd !== 'publish') return;
    const result = parseLiveMessage(p.topic, new Uint8Array(p.payload as Buffer));
    if (result.ok && 'vehicleUid' in result.message.data) uids.add(result.message.data.vehicleUid as string);
  });
  const session = emulator!.attach({
    send: (bytes) => decoder.parse(new Uint8Array(bytes) as Parameters<typeof decoder.parse>[0]),
    close: () => undefined,
  });
  const send = (packet: Packet) => session.receive(new Uint8Array(generate(packet, { protocolVersion: 4 })));
  send({ cmd: 'connect', clientId: 'c', protocolVersion: 4, keepalive: 30, clean: true });
  send({ cmd: 'subscribe', messageId: 1, subscriptions: filters.map((topic) => ({ topic, qos: 0 as const })) });
  return uids;
}

test('offline vehicles publish nothing, neither to the fleet map nor to their own details page; online ones do', async () => {
  const db = await getWorldDb();
  const vehicles = db.tables.vehicles.all();
  const offline = vehicles.filter((v) => !v.isLive).map((v) => v.id);
  const online = vehicles.filter((v) => v.isLive).map((v) => v.id);
  expect(offline.length).toBeGreaterThan(0);
  let t = db.world.referenceTime;
  emulator = createBrokerEmulator({
    vehicleIds: () => vehicles.map((v) => v.id),
    now: () => t,
    ...liveProfileOptions(db),
  });
  const map = subscriber(['voltline/v1/telemetry/#']);
  const details = subscriber([`voltline/v1/vehicles/${offline[0]}/#`, `voltline/v1/vehicles/${online[0]}/#`]);
  for (let i = 0; i < 6; i += 1) {
    emulator.tick();
    t += 1000;
  }
  expect([...map].sort()).toEqual([...online].sort());
  expect([...details]).toEqual([online[0]]);
  // The dashboard's Fleet status panel counts the same online vehicles the map shows.
  const counts = (await call('GET', '/dashboard-data/fleet-status', { token: await signIn('SA') })).body;
  expect(counts.online).toBe(map.size);
  expect(counts.offline).toBe(offline.length);
});

test('at every hour of the day some vehicles of the demo fleet drive and some charge', async () => {
  const db = await getWorldDb();
  const profiles = db.tables.vehicles.all().map((v) => driveProfileOf(db.world.seed, v));
  const day = Date.UTC(2026, 0, 1);
  for (let hour = 0; hour < 24; hour += 1) {
    const samples = profiles.map((p) => profileAt(p, day + hour * HOUR + 15 * 60_000));
    expect(samples.filter((s) => s.driving).length, `driving at ${hour}:15`).toBeGreaterThan(0);
    expect(samples.filter((s) => s.charging).length, `charging at ${hour}:15`).toBeGreaterThan(0);
  }
});

test('at 03:00 and at 12:00 UTC the simulated fleet has vehicles driving and moving', async () => {
  const db = await getWorldDb();
  const ids = db.tables.vehicles.all().map((v) => v.id);
  for (const hour of [3, 12]) {
    const at = Date.UTC(2026, 0, 2, hour);
    const simulator = createFleetSimulator({ region: DEMO_REGION, faultRate: 0, ...liveProfileOptions(db) });
    const first = simulator.step(ids, at).filter((m) => m.topic.includes('/telemetry/'));
    const second = simulator.step(ids, at + 10_000).filter((m) => m.topic.includes('/telemetry/'));
    const driving = first.filter((m) => DRIVING.has(m.payload.state as number));
    expect(driving.length, `driving at ${hour}:00`).toBeGreaterThan(0);
    expect(first.some((m) => CHARGING.has(m.payload.state as number))).toBe(true);
    // A driving vehicle moves along its road; a standing one stays where it is.
    const where = new Map(first.map((m) => [m.payload.vehicleUid, JSON.stringify(m.payload.position)]));
    for (const m of second) {
      const moved = where.get(m.payload.vehicleUid) !== JSON.stringify(m.payload.position);
      expect(moved, `${m.payload.vehicleUid} at ${hour}:00`).toBe((m.payload.speed as number) > 0);
    }
  }
});
