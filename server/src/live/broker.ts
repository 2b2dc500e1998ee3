import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AuthenticateError } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';
import type { ServiceDeps } from '../deps';
import { authenticate } from '../services/auth/authenticate';
import type { Caller } from '../services/lib/caller';
import { vehicleScopeOf } from '../services/vehicles/vehicle-scope';

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
  close(): Promise<void>;
}

const callers = new WeakMap<object, Caller>();

function refuse(code: 4 | 5, message: string): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/**
 * The embedded MQTT broker (aedes) over WebSocket at /mqtt. A portal connects with its session token as password
 * (live-topics.md). Sessions may subscribe, never publish. Callers who see every vehicle may subscribe to any
 * voltline/v1 topic; scoped callers only to topics of one vehicle in their scope (a wildcard vehicle level is refused
 * with SUBACK 0x80, which the portal counts and does not retry).
 */
export async function startEmbeddedBroker(deps: ServiceDeps): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker({ drainTimeout: 10_000, concurrency: 1000 });
  aedes.authenticate = (client, _username, password, done) => {
    const token = password?.toString() ?? '';
    if (token === '') {
      done(refuse(4, 'a session token is the password'), false);
      return;
    }
    authenticate(deps.auth, token, { ip: null, userAgent: 'mqtt' })
      .then((caller) => {
        callers.set(client, caller);
        done(null, true);
      })
      .catch(() => done(refuse(4, 'unknown or expired session'), false));
  };
  aedes.authorizePublish = (client, _packet, callback) => {
    // Only the server itself (client null) publishes; device credentials arrive with telemetry ingestion.
    callback(client === null ? null : new Error('sessions may not publish'));
  };
  aedes.authorizeSubscribe = (client, subscription, callback) => {
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
    if (vehicleId === null || vehicleId === '+' || vehicleId === '#') {
      callback(null, null);
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
