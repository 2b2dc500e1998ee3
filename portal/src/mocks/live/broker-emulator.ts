import { generate, type IPublishPacket, type Packet, parser, writeToStream } from 'mqtt-packet';
import { DEMO_REGION } from '../../shared/lib/live/demo-region';
import { type CommandRequest, commandRequestSchema } from '../../domain/live-payloads';
import { topics } from '../../shared/lib/live/topics';
import {
  createFleetSimulator,
  defaultVehicleIds,
  type FleetSimulatorOptions,
  type SimulatedFault,
  type SimulatedGeofence,
  type SimulatedMessage,
  topicMatches,
} from './fleet-simulator.js';

// mqtt-packet would otherwise keep a 2-byte buffer for every number 0-65535 from the first packet on (65,536 small
// objects, ~8 MB of the page's heap for as long as the demo lives); the numbers of each packet are made as needed.
writeToStream.cacheNumbers = false;

/** One client connection as the emulator sees it: bytes out, and a way to hang up. */
export interface EmulatorTransport {
  send(bytes: ArrayBuffer): void;
  close(): void;
}

/** What the transport feeds back into the emulator. */
export interface EmulatorSession {
  /** Bytes received from the client (one WebSocket frame may hold several MQTT packets, or part of one). */
  receive(bytes: Uint8Array): void;
  /** The client went away. */
  closed(): void;
}

export interface BrokerEmulatorOptions {
  /** Vehicle uids of the demo fleet (the demo world's); default `VH-00001`… `VH-00200`. */
  vehicleIds?: () => readonly string[];
  /**
   * Whether a vehicle exists (a details page may subscribe to a mistyped id: nothing is simulated for it). Default:
   * it is one of `vehicleIds()`.
   */
  hasVehicle?: (vehicleUid: string) => boolean;
  /**
   * Whether a vehicle reports at all (the demo world's `isLive`): an offline vehicle is never simulated, so nothing is
   * published about it, for a map or for its details page (decision 0103). Default: every vehicle is online.
   */
  isOnline?: (vehicleUid: string) => boolean;
  /** Each vehicle's drive profile (the demo world's), which the simulator follows; see `FleetSimulatorOptions`. */
  profileOf?: FleetSimulatorOptions['profileOf'];
  /** Devices of a vehicle (the demo world's); default `<uid>-BMS`, `-MCU`, `-VCU`. */
  devicesOf?: (vehicleUid: string) => { deviceUid: string; kind: 'BMS' | 'MCU' | 'VCU' }[];
  /** Telemetry messages per simulated vehicle per second. Default 1. */
  rateHz?: number;
  /** Device telemetry every this many seconds for vehicles subscribed by id. Default 5. */
  deviceEveryS?: number;
  /** Upper bound of vehicles simulated when a wildcard (map, fleet) asks for all of them. Default 2000. */
  maxSimulated?: number;
  seed?: number;
  /** Probability per driving second that a simulated vehicle raises a fault (the simulator's default: 0.002). */
  faultRate?: number;
  /** The faults a vehicle can raise (the demo world's model catalogue); default the simulator's built-in five. */
  faultsOf?: (vehicleUid: string) => readonly SimulatedFault[];
  /**
   * Called with the faults a vehicle raised in a step, before its telemetry is published: the demo stores them, so
   * that a screen refreshed by the telemetry finds them.
   */
  onFaults?: (vehicleUid: string, faults: readonly SimulatedFault[], ts: number) => void;
  /** Geofences that raise enter/exit events (the demo world's, read on every step); default the region's circles. */
  geofences?: () => readonly SimulatedGeofence[];
  /** Checks CONNECT credentials; default accepts everyone (demo mode). */
  authenticate?: (username: string | undefined, password: string | undefined) => boolean;
  /**
   * Which vehicles a connection's user may see, from its CONNECT credentials, as a broker's access rules would: a test
   * of a vehicle uid, or null for all of them. Messages about other vehicles are not delivered to it, a wildcard
   * subscription (the fleet map) simulates its own vehicles, and its commands to other vehicles are dropped. Read once
   * per connection. Default: everyone sees everything.
   */
  vehicleScope?: (
    username: string | undefined,
    password: string | undefined,
  ) => ((vehicleUid: string) => boolean) | null;
  now?: () => number;
}

export interface EmulatorStats {
  sessions: number;
  subscriptions: number;
  delivered: number;
  simulatedVehicles: number;
}

/** A small MQTT 3.1.1/5 broker living in the page, fed by the fleet simulator. */
export interface BrokerEmulator {
  /** Starts a session for a new connection. */
  attach(transport: EmulatorTransport): EmulatorSession;
  /** Publishes as the backend would, e.g. a command request from the demo's command handler. */
  publish(topic: string, payload: string | object, qos?: 0 | 1): void;
  /** Shortcut: delivers a command request to the simulated vehicle, which then acknowledges it live. */
  sendCommand(request: Omit<CommandRequest, 'v' | 'ts'> & { ts?: number }): void;
  /** Runs one simulation step now (tests); the timer does this `rateHz` times per second while clients are connected. */
  tick(): void;
  stats(): EmulatorStats;
  /** Stops timers and closes every connection. */
  dispose(): void;
}

interface Session {
  transport: EmulatorTransport;
  connected: boolean;
  protocolVersion: 4 | 5;
  subscriptions: Map<string, 0 | 1>;
  nextMessageId: number;
  /** The vehicles this connection may see (null: all); see `vehicleScope`. */
  canSee: ((vehicleUid: string) => boolean) | null;
  /** The simulated vehicles of a wildcard subscription, for the fleet list they were picked from. */
  scopedFleet: { of: readonly string[]; ids: string[] } | null;
}

/** The bytes of `parts` one after the other, in a buffer of their own (a Buffer from generate() may be a view into a shared pool). */
function toArrayBuffer(...parts: Uint8Array[]): ArrayBuffer {
  const copy = new Uint8Array(parts.reduce((n, part) => n + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    copy.set(part, at);
    at += part.byteLength;
  }
  return copy.buffer;
}

/** The vehicle uid a filter names, `'*'` when it could match any vehicle, or null when it names none. */
function vehicleOfFilter(filter: string): string | null {
  const parts = filter.split('/');
  if (parts[0] === '#' || (parts[0] === 'voltline' && (parts[1] === '#' || parts[2] === '#'))) return '*';
  if (parts[0] !== 'voltline' || (parts[1] !== 'v1' && parts[1] !== '+')) return null;
  const index = parts[2] === 'telemetry' ? 4 : parts[2] === 'vehicles' ? 3 : parts[2] === '+' ? -1 : null;
  if (index === null) return null;
  if (index === -1) return '*';
  const level = parts[index];
  if (level === undefined) return parts[index - 1] === '#' ? '*' : null;
  return level === '+' || level === '#' ? '*' : level;
}

/**
 * Whether a subscription asks for simulated vehicles: not one to what only the Fleet API server publishes (rules'
 * notifications, decision 0126), which the header's bell holds on every page; the demo's simulated vehicles publish
 * none, so it would simulate the whole fleet for nothing.
 */
function asksForSimulation(filter: string): boolean {
  const parts = filter.split('/');
  return !(parts.length === 5 && parts[2] === 'vehicles' && parts[4] === 'notifications');
}

/**
 * Creates the in-page broker emulation for demo mode: speaks MQTT (CONNECT, SUBSCRIBE, UNSUBSCRIBE, PINGREQ, PUBLISH
 * QoS 0/1, DISCONNECT) with `mqtt-packet` and publishes simulated telemetry for what clients subscribe to.
 */
export function createBrokerEmulator(options: BrokerEmulatorOptions = {}): BrokerEmulator {
  const now = options.now ?? Date.now;
  const rateHz = options.rateHz ?? 1;
  const deviceEveryMs = (options.deviceEveryS ?? 5) * 1000;
  const maxSimulated = options.maxSimulated ?? 2000;
  const fleet = options.vehicleIds ?? (() => defaultVehicleIds(200));
  let fleetIndex: { of: readonly string[]; ids: Set<string> } | null = null;
  const hasVehicle =
    options.hasVehicle ??
    ((uid: string) => {
      const ids = fleet();
      if (fleetIndex?.of !== ids) fleetIndex = { of: ids, ids: new Set(ids) };
      return fleetIndex.ids.has(uid);
    });
  const simulator = createFleetSimulator({
    region: DEMO_REGION,
    seed: options.seed,
    faultRate: options.faultRate,
    faultsOf: options.faultsOf,
    devicesOf: options.devicesOf,
    geofences: options.geofences,
    profileOf: options.profileOf,
  });
  const isOnline = options.isOnline ?? (() => true);
  const sessions = new Set<Session>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let interval: ReturnType<typeof setInterval> | null = null;
  let delivered = 0;
  let lastDevicesAt = 0;
  let simulated = 0;

  // While a tick publishes, each connection's packets are gathered and sent as one WebSocket frame, as MQTT over
  // WebSocket allows: one send per connection and second instead of one per vehicle (each send is a message event
  // on the page's main thread, 300 of them a second on the dashboard; decision 0104).
  let gathered: Map<Session, Uint8Array[]> | null = null;

  function write(session: Session, packet: Packet) {
    try {
      const bytes = generate(packet, { protocolVersion: session.protocolVersion });
      if (!gathered) session.transport.send(toArrayBuffer(bytes));
      else {
        const parts = gathered.get(session) ?? [];
        parts.push(new Uint8Array(toArrayBuffer(bytes)));
        gathered.set(session, parts);
      }
    } catch {
      drop(session);
    }
  }

  /** Runs `publish`, then sends what it wrote to each connection in one frame. */
  function inOneFramePerConnection(publish: () => void) {
    gathered = new Map();
    try {
      publish();
    } finally {
      const batch = gathered;
      gathered = null;
      for (const [session, parts] of batch) {
        try {
          session.transport.send(toArrayBuffer(...parts));
        } catch {
          drop(session);
        }
      }
    }
  }

  function drop(session: Session) {
    if (!sessions.delete(session)) return;
    try {
      session.transport.close();
    } catch {
      // Already closed.
    }
    updateTimer();
  }

  function route(topic: string, payload: string, qos: 0 | 1) {
    const vehicle = vehicleOfFilter(topic);
    const about = vehicle && vehicle !== '*' ? vehicle : null;
    for (const session of sessions) {
      if (!session.connected) continue;
      if (about && session.canSee && !session.canSee(about)) continue;
      let granted: 0 | 1 | -1 = -1;
      for (const [filter, q] of session.subscriptions) {
        if (topicMatches(filter, topic)) granted = Math.max(granted, q) as 0 | 1;
      }
      if (granted < 0) continue;
      const deliverQos = Math.min(granted, qos) as 0 | 1;
      const packet: IPublishPacket = { cmd: 'publish', topic, payload, qos: deliverQos, dup: false, retain: false };
      if (deliverQos === 1) {
        session.nextMessageId = (session.nextMessageId % 65535) + 1;
        packet.messageId = session.nextMessageId;
      }
      write(session, packet);
      delivered++;
    }
    const match = /^voltline\/v1\/vehicles\/[^/]+\/commands$/.test(topic);
    if (match) handleCommandRequest(payload);
  }

  function handleCommandRequest(payload: string) {
    let parsed: ReturnType<typeof commandRequestSchema.safeParse>;
    try {
      parsed = commandRequestSchema.safeParse(JSON.parse(payload));
    } catch {
      return;
    }
    if (!parsed.success) return;
    for (const step of simulator.handleCommand(parsed.data, now())) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        route(step.topic, JSON.stringify({ ...step.payload, ts: now() }), 1);
      }, step.delayMs);
      timers.add(timer);
    }
  }

  /** The vehicles a scoped connection's wildcard subscription simulates: the first of its own, up to the cap. */
  function scopedFleetOf(session: Session, canSee: (vehicleUid: string) => boolean): string[] {
    const all = fleet();
    if (session.scopedFleet?.of !== all) {
      const ids: string[] = [];
      for (const id of all) {
        if (ids.length >= maxSimulated) break;
        if (canSee(id)) ids.push(id);
      }
      session.scopedFleet = { of: all, ids };
    }
    return session.scopedFleet.ids;
  }

  function wantedVehicles(): { ids: string[]; byId: Set<string> } {
    const byId = new Set<string>();
    let all = false;
    const scoped: string[][] = [];
    for (const session of sessions) {
      for (const filter of session.subscriptions.keys()) {
        if (!asksForSimulation(filter)) continue;
        const vehicle = vehicleOfFilter(filter);
        if (vehicle === '*') {
          if (session.canSee) scoped.push(scopedFleetOf(session, session.canSee));
          else all = true;
        } else if (vehicle && hasVehicle(vehicle) && (!session.canSee || session.canSee(vehicle))) byId.add(vehicle);
      }
    }
    if (!all && scoped.length === 0) return { ids: [...byId], byId };
    const ids = new Set(all ? fleet().slice(0, maxSimulated) : []);
    for (const own of scoped) for (const id of own) ids.add(id);
    for (const id of byId) ids.add(id);
    return { ids: [...ids], byId };
  }

  function tick() {
    inOneFramePerConnection(publishTick);
  }

  function publishTick() {
    const wanted = wantedVehicles();
    const ids = options.isOnline ? wanted.ids.filter(isOnline) : wanted.ids;
    const { byId } = wanted;
    simulated = ids.length;
    if (ids.length === 0) return;
    const t = now();
    const devices = t - lastDevicesAt >= deviceEveryMs;
    if (devices) lastDevicesAt = t;
    // Device telemetry only for vehicles a screen asked for by id (details pages), never for a whole map.
    const withDevices = new Set(devices ? ids.filter((id) => byId.has(id)) : []);
    const messages: SimulatedMessage[] = [
      ...simulator.step(
        ids.filter((id) => !withDevices.has(id)),
        t,
      ),
      ...simulator.step(withDevices, t, { devices: true }),
    ];
    for (const message of messages) {
      const faults = message.payload.faults as SimulatedFault[] | undefined;
      if (faults && faults.length > 0 && options.onFaults) {
        try {
          options.onFaults(message.payload.vehicleUid as string, faults, t);
        } catch {
          // Storing is the demo's business; the telemetry is published either way.
        }
      }
      route(message.topic, JSON.stringify(message.payload), 0);
    }
  }

  function updateTimer() {
    const active = [...sessions].some((s) => s.connected);
    if (active && interval === null) interval = setInterval(tick, 1000 / rateHz);
    if (!active && interval !== null) {
      clearInterval(interval);
      interval = null;
    }
  }

  function handlePacket(session: Session, packet: Packet) {
    switch (packet.cmd) {
      case 'connect': {
        session.protocolVersion = packet.protocolVersion === 5 ? 5 : 4;
        const ok = options.authenticate ? options.authenticate(packet.username, packet.password?.toString()) : true;
        if (!ok) {
          write(
            session,
            session.protocolVersion === 5
              ? { cmd: 'connack', reasonCode: 134, sessionPresent: false }
              : { cmd: 'connack', returnCode: 4, sessionPresent: false },
          );
          drop(session);
          return;
        }
        session.connected = true;
        session.canSee = options.vehicleScope?.(packet.username, packet.password?.toString()) ?? null;
        write(
          session,
          session.protocolVersion === 5
            ? { cmd: 'connack', reasonCode: 0, sessionPresent: false }
            : { cmd: 'connack', returnCode: 0, sessionPresent: false },
        );
        updateTimer();
        return;
      }
      case 'subscribe': {
        const granted = packet.subscriptions.map((s) => {
          const qos = Math.min(s.qos, 1) as 0 | 1;
          session.subscriptions.set(s.topic, qos);
          return qos;
        });
        write(session, { cmd: 'suback', messageId: packet.messageId, granted });
        return;
      }
      case 'unsubscribe':
        for (const topic of packet.unsubscriptions) session.subscriptions.delete(topic);
        write(session, {
          cmd: 'unsuback',
          messageId: packet.messageId,
          granted: session.protocolVersion === 5 ? packet.unsubscriptions.map(() => 0) : [],
        });
        return;
      case 'pingreq':
        write(session, { cmd: 'pingresp' });
        return;
      case 'publish': {
        const payload = typeof packet.payload === 'string' ? packet.payload : new TextDecoder().decode(packet.payload);
        if (packet.qos === 1) write(session, { cmd: 'puback', messageId: packet.messageId });
        if (packet.qos === 2) {
          // QoS 2 is not needed by the portal; refuse it plainly rather than half-implement it.
          drop(session);
          return;
        }
        // A client may only publish about vehicles it may see (commands to others are dropped, as a broker's rules would).
        const about = vehicleOfFilter(packet.topic);
        if (about && about !== '*' && session.canSee && !session.canSee(about)) return;
        route(packet.topic, payload, packet.qos);
        return;
      }
      case 'disconnect':
        drop(session);
        return;
      default:
        // PUBACK for our QoS 1 deliveries and anything else needs no answer.
        return;
    }
  }

  return {
    attach(transport) {
      const session: Session = {
        transport,
        connected: false,
        protocolVersion: 4,
        subscriptions: new Map(),
        nextMessageId: 0,
        canSee: null,
        scopedFleet: null,
      };
      sessions.add(session);
      // The parser adopts the protocol version of the CONNECT packet it reads.
      const decoder = parser();
      decoder.on('packet', (packet: Packet) => {
        if (!sessions.has(session)) return;
        if (!session.connected && packet.cmd !== 'connect') {
          drop(session);
          return;
        }
        handlePacket(session, packet);
      });
      decoder.on('error', () => drop(session));
      return {
        receive(bytes) {
          if (!sessions.has(session)) return;
          decoder.parse(bytes as Parameters<typeof decoder.parse>[0]);
        },
        closed() {
          sessions.delete(session);
          updateTimer();
        },
      };
    },
    publish(topic, payload, qos = 0) {
      route(topic, typeof payload === 'string' ? payload : JSON.stringify(payload), qos);
    },
    sendCommand(request) {
      const full: CommandRequest = { v: 1, ts: now(), ...request };
      route(topics.commandRequest(full.vehicleUid), JSON.stringify(full), 1);
    },
    tick,
    stats: () => ({
      sessions: sessions.size,
      subscriptions: [...sessions].reduce((n, s) => n + s.subscriptions.size, 0),
      delivered,
      simulatedVehicles: simulated,
    }),
    dispose() {
      if (interval !== null) clearInterval(interval);
      interval = null;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const session of [...sessions]) drop(session);
    },
  };
}
