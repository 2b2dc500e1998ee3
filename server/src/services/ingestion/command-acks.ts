import { type CommandAck, commandAckSchema } from '@/domain/live-payloads';
import { type AckRefusal, acknowledgeCommand, commandStatusMessageOf } from '../commands/acknowledge-command';
import type { CommandStatusMessage, CommandStore } from '../commands/command-store';
import { serialMessageHandler } from './message-handler';
import { type ParseDrop, parseVehicleMessage } from './parse-telemetry';

/** Why an acknowledgement changed nothing: the contract's parse reasons and the command rule's refusals. */
export type AckDrop = ParseDrop | AckRefusal | 'write-failed';

export interface AckCounters {
  received: number;
  /** Acknowledgements that settled their command. */
  settled: number;
  dropped: Partial<Record<AckDrop, number>>;
}

/** The vehicle of an acknowledgement topic (`voltline/v1/vehicles/{vehicleUid}/acks`), or null for any other. */
export function ackTopicVehicle(topic: string): string | null {
  const parts = topic.split('/');
  if (parts.length !== 5 || parts[0] !== 'voltline' || parts[1] !== 'v1' || parts[2] !== 'vehicles') return null;
  if (parts[4] !== 'acks') return null;
  const vehicle = parts[3];
  return vehicle && !/[+#]/.test(vehicle) ? vehicle : null;
}

/** Decodes and checks one acknowledgement against the contract (live-topics.md "Command acknowledgement"). Never throws. */
export function parseCommandAck(
  topic: string,
  payload: Uint8Array | string,
): { ok: true; ack: CommandAck } | { ok: false; reason: ParseDrop } {
  const parsed = parseVehicleMessage(topic, payload, {
    idsOf: ackTopicVehicle,
    schema: commandAckSchema,
    sameIds: (data, vehicleId) => data.vehicleUid === vehicleId,
  });
  return parsed.ok ? { ok: true, ack: parsed.data } : parsed;
}

/**
 * The server's handling of vehicles' acknowledgements (issue 35 item 3): each message is parsed, applied through the
 * command services' `acknowledgeCommand` at the time it was received, and, when it settled its command, the command's
 * status is handed to `announce` (the server publishes it on the vehicle's acknowledgement topic for the portal).
 * Messages are handled one at a time in arrival order. Never throws: what changes nothing is counted by reason.
 */
export function createAckHandler(deps: {
  commands: CommandStore;
  now: () => Date;
  announce: (topic: string, message: CommandStatusMessage) => Promise<void> | void;
  debug?: (message: string, detail?: Record<string, unknown>) => void;
}) {
  const counters: AckCounters = { received: 0, settled: 0, dropped: {} };
  return serialMessageHandler(counters, 'command acknowledgement', deps.debug, async (topic, payload, drop) => {
    const parsed = parseCommandAck(topic, payload);
    if (!parsed.ok) return drop(parsed.reason);
    const { ack } = parsed;
    try {
      const outcome = await acknowledgeCommand(
        deps.commands,
        { vehicleId: ack.vehicleUid },
        { commandId: ack.commandId, status: ack.status, reason: ack.reason ?? null, at: deps.now() },
      );
      if (!outcome.ok) return drop(outcome.refusal);
      counters.settled += 1;
      try {
        await deps.announce(topic, commandStatusMessageOf(outcome.command, deps.now()));
      } catch {
        // The broker is down: the command is settled; a reader sees it on its next read.
      }
    } catch {
      drop('write-failed');
    }
  });
}
