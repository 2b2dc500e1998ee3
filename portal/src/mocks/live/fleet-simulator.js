// The fleet simulator shared by the in-page broker emulation (demo mode) and the e2e/bench publisher (Node).
// Plain JavaScript so that Node runs it without a build step; its types are in fleet-simulator.d.ts and its output
// is checked against the live contract (shared/lib/live/topics.ts, domain/live-payloads.ts) by fleet-simulator.test.ts.

const ROOT = 'voltline/v1';
/**
 * How long a simulated device takes to answer a command: a round trip over a cellular link. Long enough that whoever
 * sent it sees it pending first, even on a busy machine (at 0.8 s the answer could beat the sender's own list refresh).
 */
const ACK_DELAY_MS = 2000;
const TILE_ZOOM = 12;
const EARTH_M = 6_371_000;

const STATE = { StandBy: 0, Drive: 66, LimpHome: 67, ACCharge: 81, DCCharge: 82 };

const FAULTS = [
  { code: 'BMS-OT-01', severity: 3, kind: 'Fault', device: 'BMS', message: 'Cell over-temperature' },
  { code: 'BMS-UV-02', severity: 2, kind: 'Alert', device: 'BMS', message: 'Cell under-voltage' },
  { code: 'MCU-OC-11', severity: 4, kind: 'Fault', device: 'MCU', message: 'Phase over-current' },
  { code: 'VCU-CAN-21', severity: 1, kind: 'Alert', device: 'VCU', message: 'CAN timeout' },
  { code: 'EV-ISO-31', severity: 5, kind: 'Fault', device: 'EV', message: 'Isolation fault' },
];

/** Deterministic PRNG (mulberry32). */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text) {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

const round = (n, digits) => Math.round(n * 10 ** digits) / 10 ** digits;
const toRad = (d) => (d * Math.PI) / 180;

function distanceM([lon1, lat1], [lon2, lat2]) {
  const dLat = toRad(lat2 - lat1);
  const dLon = toRad(lon2 - lon1);
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.sqrt(a));
}

function bearing([lon1, lat1], [lon2, lat2]) {
  const y = Math.sin(toRad(lon2 - lon1)) * Math.cos(toRad(lat2));
  const x =
    Math.cos(toRad(lat1)) * Math.sin(toRad(lat2)) -
    Math.sin(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.cos(toRad(lon2 - lon1));
  return ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
}

/** Ray casting: true when the point lies inside the ring (GeoJSON order, closed or not). */
export function pointInRing([x, y], ring) {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Tile key `z-x-y`, the same formula as `tileOf` in topics.ts. */
export function tileKey(lat, lon, zoom = TILE_ZOOM) {
  const n = 2 ** zoom;
  const clampedLat = Math.max(-85.0511, Math.min(85.0511, lat));
  const x = Math.min(n - 1, Math.max(0, Math.floor(((lon + 180) / 360) * n)));
  const r = toRad(clampedLat);
  const y = Math.min(n - 1, Math.max(0, Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n)));
  return `${zoom}-${x}-${y}`;
}

/** True when an MQTT topic filter (with `+` and `#`) matches a topic name. */
export function topicMatches(filter, topic) {
  if (filter === topic) return true;
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

/** Vehicle ids `VH-00001`… for a fleet of `count`. */
export function defaultVehicleIds(count, prefix = 'VH-') {
  return Array.from({ length: count }, (_, i) => `${prefix}${String(i + 1).padStart(5, '0')}`);
}

function prepareRoads(region) {
  return region.roads.map((road) => {
    const cumulative = [0];
    for (let i = 1; i < road.coordinates.length; i++) {
      cumulative.push(cumulative[i - 1] + distanceM(road.coordinates[i - 1], road.coordinates[i]));
    }
    return { ...road, cumulative, length: cumulative[cumulative.length - 1] };
  });
}

function pointAt(road, distance, direction) {
  const d = Math.max(0, Math.min(road.length, distance));
  let i = 1;
  while (i < road.cumulative.length - 1 && road.cumulative[i] < d) i++;
  const a = road.coordinates[i - 1];
  const b = road.coordinates[i];
  const span = road.cumulative[i] - road.cumulative[i - 1] || 1;
  const f = (d - road.cumulative[i - 1]) / span;
  const lon = a[0] + (b[0] - a[0]) * f;
  const lat = a[1] + (b[1] - a[1]) * f;
  const h = bearing(a, b);
  return { lat: round(lat, 6), lon: round(lon, 6), heading: round(direction > 0 ? h : (h + 180) % 360, 1) % 360 };
}

/** Where a vehicle starts: the first four draws of its PRNG (road, mode roll, distance along, direction). */
function placementOf(roads, uid, seed) {
  const random = rng(hash(uid) ^ seed);
  const roadIndex = Math.floor(random() * roads.length);
  const roll = random();
  const distance = random() * roads[roadIndex].length;
  const direction = random() < 0.5 ? 1 : -1;
  return { random, roadIndex, roll, distance, direction };
}

/**
 * Where the simulator (same region and seed) starts each vehicle: a point on one of the region's roads. The demo
 * world uses it as a vehicle's last location, so that the overview and the live map agree when the map opens.
 * @param {import('../../shared/lib/live/demo-region').DemoRegion} region
 * @param {number} [seed] the simulator's seed, default 1 (as `createFleetSimulator`)
 * @returns {(uid: string) => { lat: number; lon: number; heading: number }}
 */
export function createStartPositions(region, seed = 1) {
  const roads = prepareRoads(region);
  return (uid) => {
    const p = placementOf(roads, uid, seed);
    return pointAt(roads[p.roadIndex], p.distance, p.direction);
  };
}

/**
 * Each vehicle's road as the simulator drives it (same region and seed, default 1): `at(m)` is where the vehicle is
 * after driving `m` metres from its start position (negative: before it got there), turning at the road's ends;
 * `path(m1, m2)` is the way from `at(m1)` to `at(m2)` as [lon, lat] points, the road's vertices included, so that its
 * length is |m2 - m1|. The demo world's trips and their routes are laid on it (issue 37 item 7).
 * @param {import('../../shared/lib/live/demo-region').DemoRegion} region
 * @param {number} [seed]
 */
export function createRoadWalks(region, seed = 1) {
  const roads = prepareRoads(region);
  return (uid) => {
    const p = placementOf(roads, uid, seed);
    const road = roads[p.roadIndex];
    const L = road.length || 1;
    // The road unfolded: x runs on through the ends, each length of road after the first is the road reversed.
    const unfold = (m) => p.distance + p.direction * m;
    const fold = (x) => {
      const y = ((x % (2 * L)) + 2 * L) % (2 * L);
      return y <= L ? { d: y, dir: 1 } : { d: 2 * L - y, dir: -1 };
    };
    const coord = (d) => {
      const q = pointAt(road, d, 1);
      return [q.lon, q.lat];
    };
    return {
      at(m) {
        const f = fold(unfold(m));
        return pointAt(road, f.d, f.dir * p.direction);
      },
      path(m1, m2) {
        const x1 = unfold(m1);
        const x2 = unfold(m2);
        const out = [];
        const push = (pt) => {
          const last = out[out.length - 1];
          if (!last || last[0] !== pt[0] || last[1] !== pt[1]) out.push(pt);
        };
        push(coord(fold(x1).d));
        const step = x2 >= x1 ? 1 : -1;
        let x = x1;
        for (let guard = 0; (x2 - x) * step > 1e-9 && guard < 10_000; guard++) {
          // The next end of the road on the way (x may sit on one, give or take the rounding of x / L).
          const edge = (step > 0 ? Math.floor(x / L + 1e-9) + 1 : Math.ceil(x / L - 1e-9) - 1) * L;
          const next = step > 0 ? Math.min(x2, edge) : Math.max(x2, edge);
          // On one length of the unfolded road the folded distance runs one way: the vertices it passes, in order.
          const k = Math.floor((x + next) / 2 / L);
          const dOf = (u) => (k % 2 === 0 ? u - k * L : (k + 1) * L - u);
          const da = dOf(x);
          const db = dOf(next);
          const lo = Math.min(da, db);
          const hi = Math.max(da, db);
          const inside = [];
          for (let i = 0; i < road.cumulative.length; i++) {
            if (road.cumulative[i] > lo && road.cumulative[i] < hi) inside.push(road.coordinates[i]);
          }
          if (db < da) inside.reverse();
          for (const c of inside) push([round(c[0], 6), round(c[1], 6)]);
          push(coord(db));
          x = next;
        }
        if (out.length === 1) out.push(out[0]);
        return out;
      },
    };
  };
}

/** How often a vehicle raises faults in each mode, relative to driving. */
const FAULT_RATE_OF_MODE = { drive: 1, charge: 0.5, park: 0.1 };

/** Whether a fault can arise in a mode: any while driving; the pack's and the vehicle's while charging; alerts of the
 * pack and the VCU while parked. */
function mayRaiseIn(mode, fault) {
  if (mode === 'drive') return true;
  if (mode === 'charge') return fault.device === 'BMS' || fault.device === 'EV';
  return fault.kind === 'Alert' && (fault.device === 'BMS' || fault.device === 'VCU');
}

/**
 * Creates a deterministic simulator of a fleet driving on the region's roads.
 * @param {import('./fleet-simulator').FleetSimulatorOptions} options
 * @returns {import('./fleet-simulator').FleetSimulator}
 */
export function createFleetSimulator(options) {
  const roads = prepareRoads(options.region);
  const seed = options.seed ?? 1;
  const faultRate = options.faultRate ?? 0.002;
  const faultsOf = options.faultsOf ?? (() => FAULTS);
  const devicesOf =
    options.devicesOf ??
    ((uid) => [
      { deviceUid: `${uid}-BMS`, kind: 'BMS' },
      { deviceUid: `${uid}-MCU`, kind: 'MCU' },
      { deviceUid: `${uid}-VCU`, kind: 'VCU' },
    ]);
  const vehicles = new Map();
  let tripCounter = 0;

  /** The mode a profile sample puts a vehicle in. */
  const modeOf = (sample) => (sample.driving ? 'drive' : sample.charging ? 'charge' : 'park');

  /** A vehicle's own values: its drive profile's at `now` (option `profileOf`), else drawn from its seed. */
  function ownValues(profile, random, roll, now) {
    if (profile) {
      const sample = profile(now);
      const mode = modeOf(sample);
      const { speed, soc, odometer } = sample;
      return { profile, profileState: sample.stateCode, speed, soc, odometer, mode, modeUntil: 0, fast: false };
    }
    const mode = roll < 0.7 ? 'drive' : roll < 0.9 ? 'park' : 'charge';
    return {
      profile: null,
      speed: mode === 'drive' ? 20 + random() * 30 : 0,
      soc: 30 + random() * 65,
      odometer: round(500 + random() * 20000, 1),
      mode,
      modeUntil: now + (mode === 'park' ? 30_000 + random() * 120_000 : 0),
      fast: random() < 0.3,
    };
  }

  function create(uid, now) {
    const { random, roadIndex, roll, distance, direction } = placementOf(roads, uid, seed);
    const v = {
      uid,
      random,
      roadIndex,
      distance,
      direction,
      ...ownValues(options.profileOf?.(uid) ?? null, random, roll, now),
      limpUntil: 0,
      tripUid: null,
      tripStart: null,
      inside: new Map(),
      lastStep: now,
      pendingFaults: [],
    };
    if (v.mode === 'drive') {
      v.tripUid = `TR-${uid}-${seed}-0`;
      v.tripStart = { ts: now, odometer: v.odometer };
    }
    return v;
  }

  function get(uid, now) {
    let v = vehicles.get(uid);
    if (!v) {
      v = create(uid, now);
      vehicles.set(uid, v);
    }
    return v;
  }

  function position(v) {
    return pointAt(roads[v.roadIndex], v.distance, v.direction);
  }

  function stateCode(v, now) {
    if (v.profile) return v.mode === 'drive' && now < v.limpUntil ? STATE.LimpHome : v.profileState;
    if (v.mode === 'charge') return v.fast ? STATE.DCCharge : STATE.ACCharge;
    if (v.mode === 'park') return STATE.StandBy;
    return now < v.limpUntil ? STATE.LimpHome : STATE.Drive;
  }

  function tripEvent(v, event, now, status) {
    const pos = position(v);
    const base = {
      v: 1,
      vehicleUid: v.uid,
      tripUid: v.tripUid,
      ts: now,
      position: pos,
      soc: round(v.soc, 1),
      odometer: round(v.odometer, 1),
    };
    const payload =
      event === 'start'
        ? { ...base, event: 'start', status: 1 }
        : {
            ...base,
            event: 'end',
            status,
            distanceKm: round(Math.max(0, v.odometer - v.tripStart.odometer), 2),
            durationS: Math.max(0, Math.round((now - v.tripStart.ts) / 1000)),
          };
    return { topic: `${ROOT}/vehicles/${v.uid}/trips`, payload };
  }

  function startTrip(v, now, out) {
    v.mode = 'drive';
    tripCounter++;
    v.tripUid = `TR-${v.uid}-${seed}-${tripCounter}`;
    v.tripStart = { ts: now, odometer: v.odometer };
    v.speed = 15 + v.random() * 20;
    out.push(tripEvent(v, 'start', now));
  }

  function endTrip(v, now, out, status, nextMode) {
    if (v.tripUid) out.push(tripEvent(v, 'end', now, status));
    v.tripUid = null;
    v.tripStart = null;
    v.speed = 0;
    v.mode = nextMode;
    v.modeUntil = now + (nextMode === 'park' ? 20_000 + v.random() * 100_000 : 0);
  }

  function geofenceEvents(v, now, out) {
    const pos = position(v);
    const fences = options.geofences ? options.geofences() : options.region.geofences;
    for (const fence of fences) {
      if (fence.vehicleIds && fence.vehicleIds.length > 0 && !fence.vehicleIds.includes(v.uid)) continue;
      const inside = fence.polygon
        ? pointInRing([pos.lon, pos.lat], fence.polygon)
        : distanceM([pos.lon, pos.lat], fence.center) <= fence.radiusM;
      const entered = v.inside.get(fence.id);
      if (inside && entered) {
        // Still inside: one dwell event once the vehicle has stayed the geofence's dwell time.
        const dwellMs = (fence.dwellMinutes ?? 0) * 60_000;
        if (dwellMs > 0 && !entered.dwelt && now - entered.since >= dwellMs) {
          entered.dwelt = true;
          out.push(geofenceEvent(v, fence, 'dwell', pos, now, Math.round((now - entered.since) / 1000)));
        }
        continue;
      }
      if (inside === (entered !== undefined)) continue;
      if (inside) v.inside.set(fence.id, { since: now, dwelt: false });
      else v.inside.delete(fence.id);
      out.push(geofenceEvent(v, fence, inside ? 'enter' : 'exit', pos, now));
    }
  }

  function geofenceEvent(v, fence, event, position, now, dwellS) {
    return {
      topic: `${ROOT}/vehicles/${v.uid}/geofences`,
      payload: {
        v: 1,
        vehicleUid: v.uid,
        geofenceId: fence.id,
        geofenceName: fence.name,
        event,
        ...(dwellS === undefined ? {} : { dwellS }),
        position,
        ts: now,
      },
    };
  }

  /**
   * A fault raised over `dt` seconds in a mode, if the dice say so. Driving raises any fault of the vehicle (limp-home
   * for a minute when critical); charging, at half that rate, what the pack and the vehicle report (BMS, EV: a cell
   * too warm on the charger); a parked vehicle, at a tenth, its pack's and its VCU's alerts (a deep-discharge or a
   * 12 V warning), never a motor fault.
   */
  function maybeFault(v, now, dt, faults, mode = 'drive') {
    const rate = faultRate * dt * (FAULT_RATE_OF_MODE[mode] ?? 0);
    if (rate <= 0 || v.random() >= rate) return;
    const list = faultsOf(v.uid).filter((f) => mayRaiseIn(mode, f));
    const fault = list[Math.floor(v.random() * list.length)];
    if (!fault) return;
    faults.push(fault);
    if (mode === 'drive' && fault.severity >= 4) v.limpUntil = now + 60_000;
  }

  /**
   * Advances a vehicle of `profileOf` to `now`: the profile says the mode, speed, charge, odometer and state; the
   * vehicle moves along its road by the distance the profile drove, and trips start and end at the profile's slot edges.
   */
  function advanceByProfile(v, now, out) {
    const dt = Math.min(60, Math.max(0, (now - v.lastStep) / 1000));
    v.lastStep = now;
    const faults = v.pendingFaults;
    v.pendingFaults = [];
    const sample = v.profile(now);
    const mode = modeOf(sample);
    const drivenM = Math.max(0, sample.odometer - v.odometer) * 1000;
    if (v.mode === 'drive' && mode !== 'drive') {
      v.odometer = sample.odometer;
      v.soc = sample.soc;
      endTrip(v, now, out, 2, mode);
    }
    if (drivenM > 0) {
      const road = roads[v.roadIndex];
      v.distance += v.direction * drivenM;
      if (v.distance >= road.length || v.distance <= 0) {
        // U-turn at the end of the drawn road: the simple way to stay on it.
        v.distance = Math.max(0, Math.min(road.length, v.distance));
        v.direction = -v.direction;
      }
    }
    v.odometer = sample.odometer;
    v.soc = sample.soc;
    v.profileState = sample.stateCode;
    if (mode === 'drive' && v.mode !== 'drive') {
      startTrip(v, now, out);
    }
    v.mode = mode;
    v.speed = sample.speed;
    maybeFault(v, now, dt, faults, mode);
    geofenceEvents(v, now, out);
    return faults;
  }

  function advance(v, now, out) {
    if (v.profile) return advanceByProfile(v, now, out);
    const dt = Math.min(60, Math.max(0, (now - v.lastStep) / 1000));
    v.lastStep = now;
    const faults = v.pendingFaults;
    v.pendingFaults = [];
    if (v.mode === 'drive') {
      const cap = now < v.limpUntil ? 15 : 55;
      v.speed = Math.max(5, Math.min(cap, v.speed + (v.random() - 0.5) * 8));
      const road = roads[v.roadIndex];
      v.distance += v.direction * (v.speed / 3.6) * dt;
      if (v.distance >= road.length || v.distance <= 0) {
        // U-turn at the end of the drawn road: the simple way to stay on it.
        v.distance = Math.max(0, Math.min(road.length, v.distance));
        v.direction = -v.direction;
      }
      v.odometer += (v.speed / 3600) * dt;
      v.soc = Math.max(0, v.soc - (0.008 + v.speed * 0.0004) * dt);
      maybeFault(v, now, dt, faults);
      const tripS = v.tripStart ? (now - v.tripStart.ts) / 1000 : 0;
      if (v.soc < 15) endTrip(v, now, out, 2, 'charge');
      else if (tripS > 600 + (hash(v.tripUid ?? '') % 1800)) endTrip(v, now, out, 2, 'park');
    } else if (v.mode === 'charge') {
      maybeFault(v, now, dt, faults, 'charge');
      v.soc = Math.min(100, v.soc + (v.fast ? 0.15 : 0.05) * dt);
      if (v.soc >= 90) {
        v.mode = 'park';
        v.modeUntil = now + 10_000 + v.random() * 30_000;
      }
    } else if (now >= v.modeUntil) {
      startTrip(v, now, out);
    } else {
      maybeFault(v, now, dt, faults, 'park');
    }
    geofenceEvents(v, now, out);
    return faults;
  }

  function telemetry(v, now, faults) {
    const pos = position(v);
    const charging = v.mode === 'charge';
    const current = charging
      ? -(v.fast ? 60 : 12)
      : v.mode === 'drive'
        ? round(v.speed * 0.6 + v.random() * 4, 1)
        : 0.4;
    const baseTemp = 28 + (charging && v.fast ? 8 : 0) + v.speed * 0.08;
    return {
      topic: `${ROOT}/telemetry/${tileKey(pos.lat, pos.lon)}/${v.uid}`,
      payload: {
        v: 1,
        vehicleUid: v.uid,
        ts: now,
        state: stateCode(v, now),
        soc: round(v.soc, 1),
        speed: round(v.speed, 1),
        odometer: round(v.odometer, 1),
        position: pos,
        pack: {
          voltage: round(42 + v.soc * 0.12, 2),
          current,
          temperatures: [round(baseTemp, 1), round(baseTemp + 1.5, 1), round(baseTemp + 0.7, 1)],
        },
        faults,
        tripUid: v.tripUid,
      },
    };
  }

  function deviceMessages(v, now) {
    const state = stateCode(v, now);
    const deviceState = v.mode === 'drive' ? (now < v.limpUntil ? 3 : 2) : v.mode === 'charge' ? 1 : 0;
    return devicesOf(v.uid).map(({ deviceUid, kind }) => {
      const base = { v: 1, vehicleUid: v.uid, deviceUid, ts: now, kind };
      let payload;
      if (kind === 'BMS') {
        const cell = 3.2 + v.soc * 0.009;
        payload = {
          ...base,
          state: deviceState,
          soc: round(v.soc, 1),
          soh: 92 + (hash(deviceUid) % 8),
          pack: { voltage: round(42 + v.soc * 0.12, 2), current: 0, temperatures: [30, 31] },
          cellVoltage: { min: round(cell - 0.02, 3), max: round(cell + 0.02, 3) },
        };
      } else if (kind === 'MCU') {
        payload = {
          ...base,
          state: deviceState,
          rpm: Math.round(v.speed * 42),
          torque: round(v.speed * 0.9, 1),
          motorTemp: round(35 + v.speed * 0.3, 1),
          controllerTemp: round(33 + v.speed * 0.2, 1),
        };
      } else {
        payload = { ...base, state, gear: v.mode === 'drive' ? 2 : 0, driveMode: v.fast ? 2 : 0 };
      }
      return { topic: `${ROOT}/vehicles/${v.uid}/devices/${deviceUid}/telemetry`, payload };
    });
  }

  return {
    /**
     * Advances the given vehicles to `now` and returns their telemetry followed by any trip and geofence events.
     * With `devices`, device telemetry is added too.
     */
    step(uids, now, stepOptions = {}) {
      const out = [];
      const events = [];
      for (const uid of uids) {
        const v = get(uid, now);
        const faults = advance(v, now, events);
        out.push(telemetry(v, now, faults));
        if (stepOptions.devices) out.push(...deviceMessages(v, now));
      }
      return out.concat(events);
    },
    /** Answers a command request with its acknowledgement (and OTA progress), each with a delay in ms. */
    handleCommand(request, now) {
      const v = get(request.vehicleUid, now);
      const fail = request.params?.simulate === 'fail';
      const ack = (delayMs, status, reason) => ({
        delayMs,
        topic: `${ROOT}/vehicles/${v.uid}/acks`,
        payload: {
          v: 1,
          commandId: request.commandId,
          vehicleUid: v.uid,
          ...(request.deviceUid ? { deviceUid: request.deviceUid } : {}),
          status,
          ...(reason ? { reason } : {}),
          ts: now + delayMs,
        },
      });
      if (request.params?.simulate === 'timeout') return [];
      if (request.kind !== 'OTA' || !request.releaseId) {
        // The demo server may say when the device answers (the same time its REST history settles to).
        const delay =
          typeof request.params?.simulateDelayMs === 'number' ? request.params.simulateDelayMs : ACK_DELAY_MS;
        return [fail ? ack(delay, 3, 'Rejected by the device (simulated)') : ack(delay, 2)];
      }
      const deviceUid = request.deviceUid ?? devicesOf(v.uid)[0]?.deviceUid ?? `${v.uid}-BMS`;
      const ota = (delayMs, status, progress) => ({
        delayMs,
        topic: `${ROOT}/vehicles/${v.uid}/devices/${deviceUid}/ota`,
        payload: {
          v: 1,
          vehicleUid: v.uid,
          deviceUid,
          releaseId: request.releaseId,
          commandId: request.commandId,
          status,
          progress,
          ts: now + delayMs,
        },
      });
      const steps = [ack(500, fail ? 3 : 2), ota(600, 0, 0)];
      for (let i = 1; i <= 4; i++) steps.push(ota(600 + i * 1000, fail && i === 3 ? 3 : 1, i * 25));
      if (fail) return steps.slice(0, 5);
      steps.push(ota(5600, 2, 100));
      return steps;
    },
    /** Vehicles created so far. */
    size: () => vehicles.size,
  };
}
