import { describe, expect, test } from 'vitest';
import { DEMO_REGION } from '../../shared/lib/live/demo-region';
import { type LiveMessage, parseLiveMessage, tileOf } from '../../shared/lib/live/topics';
import {
  createFleetSimulator,
  createStartPositions,
  defaultVehicleIds,
  pointInRing,
  type SimulatedMessage,
  topicMatches,
} from './fleet-simulator.js';

const START = Date.UTC(2026, 0, 5, 8, 0, 0);

function run(seconds: number, stepS: number, vehicles = defaultVehicleIds(40), faultRate = 0.01) {
  const sim = createFleetSimulator({ region: DEMO_REGION, seed: 7, faultRate });
  const messages: SimulatedMessage[] = [];
  for (let t = 0; t <= seconds; t += stepS)
    messages.push(...sim.step(vehicles, START + t * 1000, { devices: t % 60 === 0 }));
  return messages;
}

function parseAll(messages: SimulatedMessage[]): LiveMessage[] {
  return messages.map((m) => {
    const result = parseLiveMessage(m.topic, JSON.stringify(m.payload));
    if (!result.ok) throw new Error(`${result.reason}: ${m.topic} ${JSON.stringify(m.payload)}`);
    return result.message;
  });
}

describe('fleet simulator', () => {
  const parsed = parseAll(run(2 * 3600, 5));

  test('every message of two simulated hours passes the contract', () => {
    expect(parsed.length).toBeGreaterThan(40 * 1400);
  });

  test('the simulation raises trips, geofence crossings, faults and device telemetry', () => {
    const kinds = new Set(parsed.map((m) => m.kind));
    expect(kinds).toEqual(new Set(['vehicle-telemetry', 'device-telemetry', 'trip', 'geofence']));
    const trips = parsed.flatMap((m) => (m.kind === 'trip' ? [m.data.event] : []));
    expect(trips).toContain('start');
    expect(trips).toContain('end');
    const crossings = parsed.flatMap((m) => (m.kind === 'geofence' ? [m.data.event] : []));
    expect(crossings).toContain('enter');
    expect(crossings).toContain('exit');
    expect(parsed.some((m) => m.kind === 'vehicle-telemetry' && m.data.faults.length > 0)).toBe(true);
  });

  test('vehicles drive, charge and stand by', () => {
    const states = new Set(parsed.flatMap((m) => (m.kind === 'vehicle-telemetry' ? [m.data.state] : [])));
    expect(states.has(66)).toBe(true);
    expect(states.has(0)).toBe(true);
    expect(states.has(81) || states.has(82)).toBe(true);
  });

  test('telemetry is published under the tile of its position and stays inside the region', () => {
    const { west, south, east, north } = DEMO_REGION.bounds;
    const wrong = parsed.filter((m) => {
      if (m.kind !== 'vehicle-telemetry') return false;
      const { lat, lon } = m.data.position;
      const inside = lon >= west && lon <= east && lat >= south && lat <= north;
      return m.topic.split('/')[3] !== tileOf(lat, lon) || !inside;
    });
    expect(wrong).toEqual([]);
  });

  test('a vehicle moves between two steps while it drives', () => {
    const sim = createFleetSimulator({ region: DEMO_REGION, seed: 7 });
    const uid = defaultVehicleIds(40).find((id) => {
      const [first] = parseAll(sim.step([id], START));
      return first?.kind === 'vehicle-telemetry' && first.data.state === 66;
    });
    expect(uid).toBeDefined();
    const [after] = parseAll(sim.step([uid as string], START + 10_000));
    const [before] = parseAll(createFleetSimulator({ region: DEMO_REGION, seed: 7 }).step([uid as string], START));
    expect(after?.kind === 'vehicle-telemetry' && after.data.position).not.toEqual(
      before?.kind === 'vehicle-telemetry' && before.data.position,
    );
  });

  test('the same seed gives the same fleet', () => {
    expect(run(60, 1, defaultVehicleIds(5))).toEqual(run(60, 1, defaultVehicleIds(5)));
  });
});

describe('commands', () => {
  const request = {
    v: 1 as const,
    commandId: 'CMD-1',
    vehicleUid: 'VH-00001',
    kind: 'Device' as const,
    name: 'lock',
    ts: START,
  };

  test('a device command is acknowledged with Success after a short delay', () => {
    const sim = createFleetSimulator({ region: DEMO_REGION });
    const [ack, ...rest] = sim.handleCommand(request, START);
    expect(rest).toEqual([]);
    expect(ack?.delayMs).toBeGreaterThan(0);
    const parsed = parseAll(ack ? [ack] : []);
    expect(parsed[0]?.kind === 'command-ack' && parsed[0].data.status).toBe(2);
  });

  test('a command asking to fail is acknowledged with Failed and a reason', () => {
    const sim = createFleetSimulator({ region: DEMO_REGION });
    const parsed = parseAll(sim.handleCommand({ ...request, params: { simulate: 'fail' } }, START));
    expect(parsed[0]?.kind === 'command-ack' && [parsed[0].data.status, parsed[0].data.reason]).toEqual([
      3,
      expect.any(String),
    ]);
  });

  test('a command asking to time out gets no answer', () => {
    const sim = createFleetSimulator({ region: DEMO_REGION });
    expect(sim.handleCommand({ ...request, params: { simulate: 'timeout' } }, START)).toEqual([]);
  });

  test('an OTA command reports progress up to Completed', () => {
    const sim = createFleetSimulator({ region: DEMO_REGION });
    const parsed = parseAll(sim.handleCommand({ ...request, kind: 'OTA', releaseId: 'FW-2' }, START));
    const progress = parsed.flatMap((m) => (m.kind === 'ota-progress' ? [[m.data.status, m.data.progress]] : []));
    expect(progress.at(0)).toEqual([0, 0]);
    expect(progress.at(-1)).toEqual([2, 100]);
  });
});

describe('topicMatches', () => {
  test('matches single-level and multi-level wildcards as MQTT does', () => {
    expect(topicMatches('voltline/v1/telemetry/+/VH-1', 'voltline/v1/telemetry/12-1-2/VH-1')).toBe(true);
    expect(topicMatches('voltline/v1/telemetry/+/VH-1', 'voltline/v1/telemetry/12-1-2/VH-2')).toBe(false);
    expect(topicMatches('voltline/v1/vehicles/VH-1/#', 'voltline/v1/vehicles/VH-1/devices/B/ota')).toBe(true);
    expect(topicMatches('voltline/v1/+', 'voltline/v1/a/b')).toBe(false);
  });
});

describe('fleet simulator with the demo world geofences', () => {
  // A rectangle over the whole region: every vehicle is inside from its first step.
  const { west, south, east, north } = DEMO_REGION.bounds;
  const everywhere: [number, number][] = [
    [west, south],
    [east, south],
    [east, north],
    [west, north],
    [west, south],
  ];

  test('a polygon geofence raises enter for the vehicles assigned to it only', () => {
    const sim = createFleetSimulator({
      region: DEMO_REGION,
      seed: 3,
      geofences: () => [{ id: 'gf-1', name: 'Whole city', polygon: everywhere, vehicleIds: ['VH-00002'] }],
    });
    const events = parseAll(sim.step(defaultVehicleIds(5), START)).flatMap((m) =>
      m.kind === 'geofence' ? [m.data] : [],
    );
    expect(events.map((e) => [e.vehicleUid, e.geofenceId, e.event])).toEqual([['VH-00002', 'gf-1', 'enter']]);
  });

  test('a geofence without assigned vehicles watches every vehicle', () => {
    const sim = createFleetSimulator({
      region: DEMO_REGION,
      seed: 3,
      geofences: () => [{ id: 'gf-1', name: 'Whole city', polygon: everywhere, vehicleIds: [] }],
    });
    const events = parseAll(sim.step(defaultVehicleIds(3), START)).filter((m) => m.kind === 'geofence');
    expect(events).toHaveLength(3);
  });

  test('a dwell geofence raises one dwell event once a vehicle has stayed its dwell time, with the seconds inside', () => {
    const fences = [{ id: 'gf-1', name: 'Whole city', polygon: everywhere, dwellMinutes: 2 }];
    const sim = createFleetSimulator({ region: DEMO_REGION, seed: 3, geofences: () => fences });
    const eventsAt = (t: number) =>
      parseAll(sim.step(['VH-00001'], t)).flatMap((m) => (m.kind === 'geofence' ? [m.data] : []));
    expect(eventsAt(START).map((e) => e.event)).toEqual(['enter']);
    expect(eventsAt(START + 60_000)).toEqual([]);
    const dwell = eventsAt(START + 120_000);
    expect(dwell.map((e) => [e.event, e.dwellS])).toEqual([['dwell', 120]]);
    expect(eventsAt(START + 180_000)).toEqual([]);
  });

  test('a geofence that disappears raises no further events', () => {
    let fences = [{ id: 'gf-1', name: 'Whole city', polygon: everywhere }];
    const sim = createFleetSimulator({ region: DEMO_REGION, seed: 3, geofences: () => fences });
    sim.step(['VH-00001'], START);
    fences = [];
    const later = parseAll(sim.step(['VH-00001'], START + 1000)).filter((m) => m.kind === 'geofence');
    expect(later).toEqual([]);
  });
});

test('pointInRing tells inside from outside', () => {
  const ring: [number, number][] = [
    [0, 0],
    [2, 0],
    [2, 2],
    [0, 2],
  ];
  expect(pointInRing([1, 1], ring)).toBe(true);
  expect(pointInRing([3, 1], ring)).toBe(false);
});

test('a vehicle is first reported where createStartPositions says it starts', () => {
  const sim = createFleetSimulator({ region: DEMO_REGION, seed: 3 });
  const startOf = createStartPositions(DEMO_REGION, 3);
  const vehicles = defaultVehicleIds(20);
  const first = parseAll(sim.step(vehicles, START)).flatMap((m) => (m.kind === 'vehicle-telemetry' ? [m.data] : []));
  expect(first).toHaveLength(20);
  for (const t of first) {
    const start = startOf(t.vehicleUid);
    expect(t.position).toMatchObject({ lat: start.lat, lon: start.lon });
  }
});

describe('with a drive profile (profileOf, decision 0103)', () => {
  // Stands for 10 s, drives 20 s at 36 km/h (10 m/s), then charges: one trip, from the first to the last second driven.
  const DRIVE_FROM = START + 10_000;
  const DRIVE_TO = START + 30_000;
  const profile = () => (t: number) => {
    const km = (Math.min(Math.max(t, DRIVE_FROM), DRIVE_TO) - DRIVE_FROM) / 100_000;
    const driving = t >= DRIVE_FROM && t < DRIVE_TO;
    return {
      speed: driving ? 36 : 0,
      odometer: 5000 + km,
      soc: 80 - km * 0.5,
      stateCode: driving ? 66 : t >= DRIVE_TO ? 81 : 0,
      driving,
      charging: t >= DRIVE_TO,
    };
  };

  test("mode, speed, SoC, odometer and state are the profile's; the vehicle moves only while it drives; the trip spans the drive", () => {
    const sim = createFleetSimulator({ region: DEMO_REGION, faultRate: 0, profileOf: profile });
    const telemetry: Record<string, unknown>[] = [];
    const trips: Record<string, unknown>[] = [];
    for (let s = 0; s <= 40; s += 1) {
      for (const m of sim.step(['VH-1'], START + s * 1000)) {
        if (m.topic.endsWith('/trips')) trips.push(m.payload);
        else if (m.topic.includes('/telemetry/')) telemetry.push(m.payload);
      }
    }
    for (const [s, p] of telemetry.entries()) {
      const expected = profile()(START + s * 1000);
      expect(p).toMatchObject({ speed: expected.speed, state: expected.stateCode });
      // Both rounded to 0.1 on the wire.
      expect(Math.abs((p.soc as number) - expected.soc)).toBeLessThanOrEqual(0.051);
      expect(Math.abs((p.odometer as number) - expected.odometer)).toBeLessThanOrEqual(0.051);
    }
    const where = telemetry.map((p) => JSON.stringify(p.position));
    expect(new Set(where.slice(0, 11)).size).toBe(1);
    expect(new Set(where.slice(30)).size).toBe(1);
    expect(new Set(where.slice(10, 31)).size).toBe(21);
    expect(trips.map((t) => [t.event, t.ts])).toEqual([
      ['start', DRIVE_FROM],
      ['end', DRIVE_TO],
    ]);
    expect(trips[1]).toMatchObject({ distanceKm: 0.2, durationS: 20 });
  });

  test('a vehicle the profile answers null for draws its own values, as without the option', () => {
    const own = createFleetSimulator({ region: DEMO_REGION, seed: 3, faultRate: 0 });
    const none = createFleetSimulator({ region: DEMO_REGION, seed: 3, faultRate: 0, profileOf: () => null });
    for (let s = 0; s <= 20; s += 1) {
      expect(none.step(['VH-2'], START + s * 1000)).toEqual(own.step(['VH-2'], START + s * 1000));
    }
  });
});

describe('faults by mode (issue 37 item 7)', () => {
  const standing = (charging: boolean) => () => () => ({
    speed: 0,
    odometer: 5000,
    soc: charging ? 60 : 80,
    stateCode: charging ? 81 : 0,
    driving: false,
    charging,
  });
  /** The faults ten vehicles of a profile raise in ten minutes, at a high rate. */
  function faultsWhile(profileOf: () => () => ReturnType<ReturnType<ReturnType<typeof standing>>>) {
    const sim = createFleetSimulator({ region: DEMO_REGION, seed: 5, faultRate: 0.05, profileOf });
    const out: { code: string; kind: string; device: string; severity: number }[] = [];
    const states = new Set<number>();
    for (let s = 0; s <= 600; s += 5) {
      for (const m of sim.step(defaultVehicleIds(10), START + s * 1000)) {
        if (!m.topic.includes('/telemetry/')) continue;
        out.push(...(m.payload.faults as typeof out));
        states.add(m.payload.state as number);
      }
    }
    return { faults: out, states };
  }

  test("a charging vehicle raises its pack's and its own faults, never a motor's, and stays charging", () => {
    const { faults, states } = faultsWhile(standing(true));
    expect(faults.length).toBeGreaterThan(0);
    for (const f of faults) expect(['BMS', 'EV']).toContain(f.device);
    expect([...states]).toEqual([81]);
  });

  test('a parked vehicle raises alerts of its pack and its VCU only, and fewer than a charging one', () => {
    const parked = faultsWhile(standing(false)).faults;
    expect(parked.length).toBeGreaterThan(0);
    for (const f of parked) {
      expect(f.kind).toBe('Alert');
      expect(['BMS', 'VCU']).toContain(f.device);
    }
    expect(parked.length).toBeLessThan(faultsWhile(standing(true)).faults.length);
  });
});
