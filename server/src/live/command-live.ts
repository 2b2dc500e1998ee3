import type { CommandStatusMessage, CommandStore } from '../services/commands/command-store';
import { sweepExpiredCommands } from '../services/commands/acknowledge-command';
import { type AckCounters, createAckHandler } from '../services/ingestion/command-acks';
import { consumeVehicleMessages, type ServerBroker } from './vehicle-messages';

/** Every vehicle's command acknowledgements (live-topics.md). */
export const ACK_FILTER = 'voltline/v1/vehicles/+/acks';
/** On an external broker, server processes in the group split the acknowledgements. */
const ACKS = { filter: ACK_FILTER, group: 'voltline-acks', suffix: '/acks' };
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
  broker: ServerBroker,
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
  // The server's own status messages on these topics are not a vehicle's acknowledgement (skipped, or `settled`).
  const unsubscribe = await consumeVehicleMessages(
    broker,
    ACKS,
    (topic, payload) => void handler.accept(topic, payload),
  );

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
