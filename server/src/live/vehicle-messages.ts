import type { MqttClient } from 'mqtt';
import type { EmbeddedBroker } from './broker';

/** The broker the server consumes from: its own, in process, or an external one through its client. */
export type ServerBroker = { embedded: EmbeddedBroker } | { external: MqttClient };

export interface VehicleMessages {
  /** The topic filter (live-topics.md), e.g. `voltline/v1/vehicles/+/acks`. */
  filter: string;
  /** On an external broker, the shared subscription's group: server processes in it split the messages. */
  group: string;
  /** The filter's last level, to tell its messages from the client's other subscriptions (e.g. `/acks`). */
  suffix: string;
}

/**
 * Hands every message on `filter` that a vehicle published to `accept`. On the embedded broker it subscribes in
 * process and skips what the server published itself (the settled statuses it announces on the same topics); on an
 * external broker it subscribes by `$share/<group>/<filter>` again on every (re)connection (the server's session is
 * clean). Answers how to stop.
 */
export async function consumeVehicleMessages(
  broker: ServerBroker,
  { filter, group, suffix }: VehicleMessages,
  accept: (topic: string, payload: Buffer | string) => void,
): Promise<() => Promise<void>> {
  if ('embedded' in broker) {
    const { aedes } = broker.embedded;
    const deliver = (packet: { topic: string; payload: unknown }, callback: () => void) => {
      if (broker.embedded.publisherOf(packet.payload) !== undefined) accept(packet.topic, packet.payload as Buffer);
      callback();
    };
    await new Promise<void>((resolve, reject) =>
      aedes.subscribe(filter, deliver, (error?: Error) => (error ? reject(error) : resolve())),
    );
    return async () => {
      if (!aedes.closed) await new Promise<void>((resolve) => aedes.unsubscribe(filter, deliver, () => resolve()));
    };
  }
  const client = broker.external;
  const onMessage = (topic: string, payload: Buffer) => {
    if (topic.endsWith(suffix)) accept(topic, payload);
  };
  client.on('message', onMessage);
  const subscribe = () => void client.subscribeAsync(`$share/${group}/${filter}`, { qos: 1 }).catch(() => undefined);
  client.on('connect', subscribe);
  if (client.connected) subscribe();
  return async () => {
    client.off('connect', subscribe);
    client.off('message', onMessage);
  };
}
