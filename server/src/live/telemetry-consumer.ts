import type { Aedes, AedesPublishPacket } from 'aedes';
import type { MqttClient } from 'mqtt';
import type { IngestionDeps } from '../services/ingestion/ingestion-store';
import {
  type BatcherOptions,
  createTelemetryBatcher,
  type IngestionCounters,
} from '../services/ingestion/telemetry-batcher';

/** Every vehicle's telemetry (live-topics.md). */
export const TELEMETRY_FILTER = 'voltline/v1/telemetry/+/+';
/** On an external broker, a shared subscription: server processes in the group split the messages, none twice. */
export const SHARED_TELEMETRY_FILTER = `$share/voltline-ingest/${TELEMETRY_FILTER}`;

/** The server's telemetry consumer (issue 35 item 1): subscribed to the broker, writing through the batcher. */
export interface TelemetryConsumer {
  /** Received, written and dropped messages by reason, since the consumer started. */
  counters(): IngestionCounters;
  /** Writes what is buffered now. */
  flush(): Promise<void>;
  /** Unsubscribes and writes what is buffered (graceful shutdown). */
  close(): Promise<void>;
}

/** Consumes the embedded broker's vehicle telemetry in process (no network hop). */
export async function consumeEmbedded(
  aedes: Aedes,
  deps: IngestionDeps,
  options: BatcherOptions = {},
): Promise<TelemetryConsumer> {
  const batcher = createTelemetryBatcher(deps, options);
  const deliver = (packet: AedesPublishPacket, callback: () => void) => {
    batcher.accept(packet.topic, packet.payload as Buffer | string);
    callback();
  };
  await new Promise<void>((resolve, reject) =>
    aedes.subscribe(TELEMETRY_FILTER, deliver, (error?: Error) => (error ? reject(error) : resolve())),
  );
  let subscribed = true;
  return {
    counters: () => batcher.counters(),
    flush: () => batcher.flush(),
    async close() {
      if (subscribed && !aedes.closed) {
        await new Promise<void>((resolve) => aedes.unsubscribe(TELEMETRY_FILTER, deliver, () => resolve()));
      }
      subscribed = false;
      await batcher.close();
    },
  };
}

/** Consumes an external broker's vehicle telemetry through the server's own client, by a shared subscription. */
export function consumeExternal(
  client: MqttClient,
  deps: IngestionDeps,
  options: BatcherOptions = {},
): TelemetryConsumer {
  const batcher = createTelemetryBatcher(deps, options);
  const onMessage = (topic: string, payload: Buffer) => batcher.accept(topic, payload);
  client.on('message', onMessage);
  // Subscribed again on every (re)connection: the server's session is clean.
  const subscribe = () => void client.subscribeAsync(SHARED_TELEMETRY_FILTER, { qos: 0 }).catch(() => undefined);
  client.on('connect', subscribe);
  if (client.connected) subscribe();
  return {
    counters: () => batcher.counters(),
    flush: () => batcher.flush(),
    async close() {
      client.off('connect', subscribe);
      client.off('message', onMessage);
      await batcher.close();
    },
  };
}
