import type { MqttClient } from 'mqtt';
import type { CommandStatusMessage, CommandStore } from '../services/commands/command-store';
import { sweepExpiredCommands } from '../services/commands/acknowledge-command';
import { type AckCounters, createAckHandler } from '../services/ingestion/command-acks';
import type { EmbeddedBroker } from './broker';

/** Every vehicle's command acknowledgements (live-topics.md). */
export const ACK_FILTER = 'voltline/v1/vehicles/+/acks';
/** On an external broker, a shared subscription: server processes in the group split the acknowledgements. */
export const SHARED_ACK_FILTER = `$share/voltline-acks/${ACK_FILTER}`;
/** How often the server fails commands pending past their deadline and publishes them (no read needed). */
export const EXPIRY_SWEEP_MS = 5_000;

export interface CommandLive {
  /** Acknowledgements received, settled and dropped by reason. */
  counters(): AckCounters;
  /** Runs the expiry sweep now (also every `sweepMs`); answers how many commands it failed. */
  sweep(): Promise<number>;
  /** Resolves when every acknowledgement received so far is handled. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export interface CommandLiveOptions {
  sweepMs?: number;
  debug?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * Commands over MQTT on the server (issue 35 item 3, decision 0124): consumes vehicles' acknowledgements (on the
 * embedded broker in process, only those a vehicle published; on an external broker by a shared subscription),
 * applies them through the command services and publishes each settled command's status on its vehicle's
 * acknowledgement topic; and sweeps expired commands every `sweepMs`, publishing each one's Failed status.
 */
export async function startCommandLive(
  deps: { commands: CommandStore; now: () => Date },
  broker: { embedded: EmbeddedBroker } | { external: MqttClient },
  publish: (topic: string, payload: string) => Promise<void>,
  options: CommandLiveOptions = {},
): Promise<CommandLive> {
  const announce = (topic: string, message: CommandStatusMessage) => publish(topic, JSON.stringify(message));
  const handler = createAckHandler({
    commands: deps.commands,
    now: deps.now,
    announce,
    ...(options.debug ? { debug: options.debug } : {}),
  });
  let unsubscribe: () => Promise<void>;
  if ('embedded' in broker) {
    const { aedes } = broker.embedded;
    const deliver = (packet: { topic: string; payload: unknown }, callback: () => void) => {
      // The server's own status messages come back here too: only a vehicle's acknowledgement is taken.
      if (broker.embedded.publisherOf(packet.payload) !== undefined) {
        void handler.accept(packet.topic, packet.payload as Buffer | string);
      }
      callback();
    };
    await new Promise<void>((resolve, reject) =>
      aedes.subscribe(ACK_FILTER, deliver, (error?: Error) => (error ? reject(error) : resolve())),
    );
    unsubscribe = async () => {
      if (!aedes.closed) await new Promise<void>((resolve) => aedes.unsubscribe(ACK_FILTER, deliver, () => resolve()));
    };
  } else {
    const client = broker.external;
    // The server's own status messages come back too; they name a settled command and change nothing (`settled`).
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic.endsWith('/acks')) void handler.accept(topic, payload);
    };
    client.on('message', onMessage);
    const subscribe = () => void client.subscribeAsync(SHARED_ACK_FILTER, { qos: 1 }).catch(() => undefined);
    client.on('connect', subscribe);
    if (client.connected) subscribe();
    unsubscribe = async () => {
      client.off('connect', subscribe);
      client.off('message', onMessage);
    };
  }

  const sweepDeps = { commands: deps.commands, now: deps.now, publish: announce };
  let sweeping: Promise<number> | undefined;
  const sweep = () => {
    // One sweep at a time: a slow database never stacks them.
    sweeping ??= sweepExpiredCommands(sweepDeps)
      .catch((error: unknown) => {
        options.debug?.('command expiry sweep failed', { error: String(error) });
        return 0;
      })
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  };
  const timer = setInterval(() => void sweep(), options.sweepMs ?? EXPIRY_SWEEP_MS);
  timer.unref();
  return {
    counters: () => handler.counters(),
    sweep,
    idle: () => handler.idle(),
    async close() {
      clearInterval(timer);
      await unsubscribe();
      await handler.idle();
      await sweeping;
    },
  };
}
