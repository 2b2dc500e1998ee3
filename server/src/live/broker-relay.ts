import type { EmbeddedBroker } from './broker';
import { connectExternalClient, SERVER_PUBLISHER } from './external-broker';

/** What browsers may hear: every live topic (live-topics.md); the embedded broker's scope checks filter per session. */
export const RELAY_FILTER = 'voltline/v1/#';

export interface BrokerRelay {
  /** Resolves once the relay is subscribed (on its first connection). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/**
 * With an external broker (MQTT_URL), browsers still connect to the server's `/mqtt` (their password is a session
 * token, which only the server can check): an embedded broker that takes browsers only, fed by this relay. It
 * subscribes to `voltline/v1/#` on the external broker with a client of its own (not by `$share`: every server process
 * relays to its own browsers) and publishes each message into the embedded broker as the server, where each
 * session's subscriptions are scoped as on the embedded path (decision 0125). A vehicle's own acknowledgement is not
 * relayed, only the status the server published (its user property `SERVER_PUBLISHER`), as on the embedded broker.
 */
export function relayExternal(url: string, broker: EmbeddedBroker): BrokerRelay {
  const client = connectExternalClient(url, 'relay');
  client.on('error', () => undefined);
  client.on('message', (topic, payload, packet) => {
    if (topic.startsWith('voltline/v1/vehicles/') && topic.endsWith('/acks')) {
      const from = packet.properties?.userProperties?.voltline;
      if (from !== SERVER_PUBLISHER.voltline) return;
    }
    broker.aedes.publish({ cmd: 'publish', topic, payload, qos: 0, retain: false, dup: false }, () => undefined);
  });
  // Subscribed again on every (re)connection: the relay's session is clean.
  let subscribed: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    subscribed = resolve;
  });
  client.on(
    'connect',
    () =>
      void client
        .subscribeAsync(RELAY_FILTER, { qos: 0 })
        .then(() => subscribed())
        .catch(() => undefined),
  );
  return { ready, close: () => client.endAsync().then(() => undefined) };
}
