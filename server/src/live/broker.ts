import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { ServiceDeps } from '../deps';
import { authenticate } from '../services/auth/authenticate';
import { VEHICLE_SECRET_PREFIX, verifyVehicleSecret } from '../services/ingestion/vehicle-secret';
import type { Caller } from '../services/lib/caller';
import { type VehicleScope, vehicleScopeOf } from '../services/vehicles/vehicle-scope';

/** The vehicle a topic is about (portal/api/live-topics.md), '+' for a wildcard level, null for other topics. */
export function vehicleOfTopic(topic: string): string | null {
  const levels = topic.split('/');
  if (levels[0] !== 'voltline' || levels[1] !== 'v1') return null;
  if (levels[2] === 'telemetry') return levels[4] ?? null;
  if (levels[2] === 'vehicles') return levels[3] ?? null;
  return null;
}

export interface EmbeddedBroker {
  aedes: Aedes;
  /** Hands a WebSocket upgrade of `/mqtt` to the broker. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  isUp(): boolean;
  /** Publishes as the server itself (QoS 1, not retained): the command requests of sent commands. */
  publish(topic: string, payload: string): Promise<void>;
  /** The vehicle that published a message's payload on this broker, or undefined (the server, or not seen here). */
  publisherOf(payload: unknown): string | undefined;
  /** The vehicles connected to this broker now (each one's own session, decision 0117). */
  connectedVehicles(): Set<string>;
  close(): Promise<void>;
}

const callers = new WeakMap<object, Caller>();
/** The vehicle each vehicle connection authenticated as (decision 0117). */
const vehicles = new WeakMap<object, string>();
/**
 * The vehicle that published each acknowledgement (and OTA progress) payload (aedes hands the same Buffer to every
 * subscriber), so that the server's consumers take only vehicles' messages, and browsers hear only the command status
 * the server decided (decision 0124).
 */
const ackPublishers = new WeakMap<object, string>();
const isAckTopic = (topic: string) => topic.startsWith('voltline/v1/vehicles/') && topic.endsWith('/acks');
/** A device's OTA progress (decision 0127): the server's firmware consumer takes only what a vehicle published. */
const isOtaTopic = (topic: string) => topic.startsWith('voltline/v1/vehicles/') && topic.endsWith('/ota');

/**
 * Whether a vehicle may publish on a topic: its own telemetry (any tile), acknowledgements, trip events and its
 * devices' OTA progress only (live-topics.md, "published by vehicle"; OTA progress is published "by device", which
 * speaks through its vehicle's connection).
 */
export function vehicleMayPublish(vehicleId: string, topic: string): boolean {
  const levels = topic.split('/');
  if (levels[0] !== 'voltline' || levels[1] !== 'v1') return false;
  if (levels.some((level) => level === '' || level.includes('+') || level.includes('#'))) return false;
  // Its devices' OTA progress (decision 0127): `voltline/v1/vehicles/{vehicleUid}/devices/{deviceUid}/ota`. The
  // server checks that the device's install was sent to this vehicle.
  if (levels.length === 7)
    return levels[2] === 'vehicles' && levels[3] === vehicleId && levels[4] === 'devices' && levels[6] === 'ota';
  if (levels.length !== 5) return false;
  if (levels[2] === 'telemetry') return levels[4] === vehicleId;
  return levels[2] === 'vehicles' && levels[3] === vehicleId && (levels[4] === 'acks' || levels[4] === 'trips');
}

function refuse(code: 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/** How often, at most, a scoped connection's vehicle set asks whether vehicles changed (the default). */
export const SCOPE_CHECK_MS = 5_000;

/**
 * The vehicles a scoped session may hear on a wildcard subscription (decision 0125, "Scoped wildcards on the
 * server"): loaded once per connection, checked against the vehicles' version at most every `checkMs`, reloaded only
 * when it moved (or always, for a scope the version does not follow).
 */
interface ScopeSet {
  scope: NonNullable<VehicleScope>;
  ids: Set<string>;
  version: string | null;
  checkedAt: number;
  checking: boolean;
}
const scopeSets = new WeakMap<object, ScopeSet>();
const scopeLoads = new WeakMap<object, Promise<ScopeSet>>();

export interface EmbeddedBrokerOptions {
  /** How often, at most, a scoped connection's vehicle set is checked (ms; default `SCOPE_CHECK_MS`). */
  scopeCheckMs?: number;
  /**
   * Whether vehicles connect here (default true). False when an external broker (MQTT_URL) serves vehicles and this
   * one serves browsers only (`relayExternal`): a device secret is then CONNACK 5.
   */
  vehicles?: boolean;
}

/**
 * The embedded MQTT broker (aedes) over WebSocket at /mqtt. A portal connects with its session token as password
 * (live-topics.md). A vehicle connects with its id as username and its device secret as password (decision 0117): it
 * may publish its own telemetry, acks and trips and subscribe to its own command topic, nothing else; its acks reach
 * the server only (decision 0124). Sessions may subscribe, never publish. Callers who see every vehicle may subscribe
 * to any voltline/v1 topic. A scoped caller may subscribe to the topics of one vehicle of its scope (another vehicle
 * is SUBACK 0x80, which the portal counts and does not retry) and to a wildcard vehicle level (`telemetry/+/+`,
 * `telemetry/{tile}/+`, `vehicles/+/acks`): granted, and each message about a vehicle is delivered to that
 * connection only when the vehicle is in its scope, by a set of ids loaded once per connection and reloaded when
 * the vehicles' version (migration 0026) moves, checked at most every few seconds: never a query per message
 * (decision 0125). `#` and topics without a vehicle level stay refused to scoped callers.
 */
export async function startEmbeddedBroker(
  deps: ServiceDeps,
  { scopeCheckMs = SCOPE_CHECK_MS, vehicles: acceptVehicles = true }: EmbeddedBrokerOptions = {},
): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker({ drainTimeout: 10_000, concurrency: 1000 });
  // The vehicle connections open now (a rollout's installs left in flight at a restart look at them).
  const vehicleSessions = new Map<object, string>();
  aedes.on('clientReady', (client) => {
    const vehicleId = vehicles.get(client);
    if (vehicleId !== undefined) vehicleSessions.set(client, vehicleId);
  });
  aedes.on('clientDisconnect', (client) => vehicleSessions.delete(client));
  const store = deps.vehicles.vehicles;

  /** The connection's vehicle set, loaded on its first wildcard subscription (one load even if several race). */
  function scopeSetOf(client: object, scope: NonNullable<VehicleScope>): Promise<ScopeSet> {
    const known = scopeSets.get(client);
    if (known) return Promise.resolve(known);
    let loading = scopeLoads.get(client);
    if (!loading) {
      loading = store.idsInScope(scope).then(({ ids, version }) => {
        const set: ScopeSet = { scope, ids, version, checkedAt: Date.now(), checking: false };
        scopeSets.set(client, set);
        return set;
      });
      loading.finally(() => scopeLoads.delete(client)).catch(() => undefined);
      scopeLoads.set(client, loading);
    }
    return loading;
  }

  /** At most every `scopeCheckMs`, in the background: reload the set if the vehicles' version moved. */
  function checkScope(set: ScopeSet) {
    if (set.checking || Date.now() - set.checkedAt < scopeCheckMs) return;
    set.checking = true;
    (async () => {
      if (set.version !== null && (await store.scopeVersion()) === set.version) return;
      const { ids, version } = await store.idsInScope(set.scope);
      set.ids = ids;
      set.version = version;
    })()
      // A failed check keeps the set it has and tries again at the next interval.
      .catch(() => undefined)
      .finally(() => {
        set.checking = false;
        set.checkedAt = Date.now();
      });
  }

  aedes.authenticate = (client, username, password, done) => {
    const token = password?.toString() ?? '';
    if (token === '') {
      done(refuse(4, 'a session token is the password'), false);
      return;
    }
    if (token.startsWith(VEHICLE_SECRET_PREFIX)) {
      if (!acceptVehicles) {
        done(refuse(5, 'vehicles connect to the external broker'), false);
        return;
      }
      const vehicleId = username ?? '';
      verifyVehicleSecret(deps.ingestion, vehicleId, token)
        .then((ok) => {
          if (ok) vehicles.set(client, vehicleId);
          done(ok ? null : refuse(4, 'unknown vehicle or wrong device secret'), ok);
        })
        .catch(() => done(refuse(4, 'unknown vehicle or wrong device secret'), false));
      return;
    }
    authenticate(deps.auth, token, { ip: null, userAgent: 'mqtt' })
      .then((caller) => {
        callers.set(client, caller);
        done(null, true);
      })
      .catch(() => done(refuse(4, 'unknown or expired session'), false));
  };
  aedes.authorizePublish = (client, packet, callback) => {
    // The server itself (client null) publishes anything; a vehicle its own topics; a session nothing.
    if (client === null) return callback(null);
    const vehicleId = vehicles.get(client);
    if (vehicleId === undefined) return callback(new Error('sessions may not publish'));
    if (!vehicleMayPublish(vehicleId, packet.topic)) {
      callback(new Error('a vehicle publishes its own topics only'));
      return;
    }
    if ((isAckTopic(packet.topic) || isOtaTopic(packet.topic)) && typeof packet.payload === 'object')
      ackPublishers.set(packet.payload, vehicleId);
    callback(null);
  };
  aedes.authorizeForward = (client, packet) => {
    // A vehicle's own acknowledgement goes to the server only: a browser hears the command's status once the server
    // has applied it (a late or foreign acknowledgement that changed nothing never reaches the portal).
    if (
      isAckTopic(packet.topic) &&
      typeof packet.payload === 'object' &&
      ackPublishers.has(packet.payload) &&
      !vehicles.has(client)
    )
      return null;
    // A scoped session with a wildcard subscription hears only its scope's vehicles (no vehicle level: as today).
    const set = scopeSets.get(client);
    if (set === undefined) return packet;
    const vehicleId = vehicleOfTopic(packet.topic);
    if (vehicleId === null) return packet;
    checkScope(set);
    return set.ids.has(vehicleId) ? packet : null;
  };
  aedes.authorizeSubscribe = (client, subscription, callback) => {
    const ownVehicle = vehicles.get(client);
    if (ownVehicle !== undefined) {
      callback(null, subscription.topic === `voltline/v1/vehicles/${ownVehicle}/commands` ? subscription : null);
      return;
    }
    const caller = callers.get(client);
    const topic = subscription.topic;
    if (!caller || !(topic === 'voltline/v1/#' || topic.startsWith('voltline/v1/'))) {
      callback(null, null);
      return;
    }
    const scope = vehicleScopeOf(caller);
    if (scope === null) {
      callback(null, subscription);
      return;
    }
    const vehicleId = vehicleOfTopic(topic);
    if (vehicleId === null || vehicleId === '#') {
      callback(null, null);
      return;
    }
    if (vehicleId === '+') {
      // Granted once the connection's vehicle set is loaded: authorizeForward delivers only its vehicles.
      scopeSetOf(client, scope)
        .then((set) => {
          checkScope(set);
          callback(null, subscription);
        })
        .catch(() => callback(null, null));
      return;
    }
    deps.vehicles.vehicles
      .get(vehicleId, scope)
      .then((vehicle) => callback(null, vehicle ? subscription : null))
      .catch(() => callback(null, null));
  };

  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  wss.on('connection', (socket, request) => {
    aedes.handle(createWebSocketStream(socket), request);
  });

  return {
    aedes,
    handleUpgrade(request, socket, head) {
      wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
    },
    isUp: () => !aedes.closed,
    publisherOf: (payload) =>
      typeof payload === 'object' && payload !== null ? ackPublishers.get(payload) : undefined,
    connectedVehicles: () => new Set(vehicleSessions.values()),
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
