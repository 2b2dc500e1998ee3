import { EXPIRED_REASON, expireDue, expiryOf } from './command-expiry';
import type { CommandStatusMessage, CommandStore, ExpiredCommand } from './command-store';
import type { Command } from './command-types';
import { recordRuleCommandFailures } from './rule-command-outcome';

/** Why a command its device answered Failed without a reason is Failed. */
export const REJECTED_REASON = 'Rejected by the device.';

/** The topic a vehicle's command acknowledgements go to, and its commands' settled status (live-topics.md). */
export const ackTopicOf = (vehicleId: string) => `voltline/v1/vehicles/${vehicleId}/acks`;

/** Why an acknowledgement changed nothing (counted by the consumer, never thrown). */
export type AckRefusal = 'unknown-command' | 'other-vehicle' | 'settled' | 'expired';

export type AckOutcome = { ok: true; command: Command } | { ok: false; refusal: AckRefusal };

/**
 * A device's answer to a command (issue 35 item 3): the vehicle that answers (the broker authenticated it), the
 * command it names, Success 2 or Failed 3 with an optional reason, and when it answered (the server: when it received
 * the message, never the vehicle's own clock; the demo: its simulated device's answer time).
 *
 * The rule: only the command's own vehicle may answer it (another's is refused as `other-vehicle`, an unknown id as
 * `unknown-command`); the first answer wins (a settled command is `settled`); an answer at or after the command's
 * expiry changes nothing (`expired`: it is Failed by the sweep, whatever the device says). A Failed answer without
 * a reason is {@link REJECTED_REASON}; a rule's command that fails is written back to its firing's notification
 * (`recordRuleCommandFailures`). Answers the command as it is now.
 */
export async function acknowledgeCommand(
  store: CommandStore,
  vehicle: { vehicleId: string },
  input: { commandId: string; status: 2 | 3; reason?: string | null; at: Date },
): Promise<AckOutcome> {
  // The vehicle is not a user: what it may answer is its own commands, whoever sent them (scope null: every vehicle).
  const command = await store.get(input.commandId, null);
  if (!command) return { ok: false, refusal: 'unknown-command' };
  if (command.vehicleId !== vehicle.vehicleId) return { ok: false, refusal: 'other-vehicle' };
  if (command.status !== 1) return { ok: false, refusal: 'settled' };
  if (expiryOf(command, input.at) !== null) return { ok: false, refusal: 'expired' };
  const reason = input.status === 3 ? input.reason?.trim() || REJECTED_REASON : null;
  const done = await store.acknowledge(command.id, input.status, input.at.toISOString(), reason);
  if (!done) return { ok: false, refusal: 'settled' };
  if (reason !== null) {
    const failed = {
      id: command.id,
      vehicleId: command.vehicleId,
      ruleId: command.ruleId ?? null,
      reason,
      at: input.at,
    };
    await recordRuleCommandFailures(store, [failed]);
  }
  return { ok: true, command: (await store.get(command.id, null)) as Command };
}

/** A settled command as the live status message the portal hears on its vehicle's acknowledgement topic. */
export function commandStatusMessageOf(
  command: Pick<Command, 'id' | 'vehicleId' | 'deviceId' | 'status' | 'failureReason'> | ExpiredCommand,
  now: Date,
): CommandStatusMessage {
  const status = 'status' in command ? command.status : 3;
  const reason = 'status' in command ? command.failureReason : EXPIRED_REASON;
  return {
    v: 1,
    commandId: command.id,
    vehicleUid: command.vehicleId,
    ...(command.deviceId ? { deviceUid: command.deviceId } : {}),
    status: status === 2 ? 2 : 3,
    ...(status !== 2 && reason ? { reason: reason.slice(0, 200) } : {}),
    ts: now.getTime(),
  };
}

/**
 * The periodic sweep of the server (no read needed): fails every command pending past its deadline and publishes
 * each one's Failed status on its vehicle's acknowledgement topic. Answers how many it failed.
 */
export async function sweepExpiredCommands(deps: {
  commands: CommandStore;
  publish: (topic: string, message: CommandStatusMessage) => void | Promise<void>;
  now: () => Date;
}): Promise<number> {
  const now = deps.now();
  const expired = await expireDue(deps.commands, now);
  for (const command of expired) {
    try {
      await deps.publish(ackTopicOf(command.vehicleId), commandStatusMessageOf(command, now));
    } catch {
      // The broker is down: the command is Failed all the same; a reader sees it on its next read.
    }
  }
  return expired.length;
}
