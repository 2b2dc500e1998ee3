import { sha256Hex } from '../lib/web-crypto';
import type { CommandStore } from './command-store';

/**
 * The id of the command a rule's firing sends: one per notification, so it is made from the notification's id (the
 * firing is its idempotency key), hashed to fit a topic level of the contract (at most 64 characters).
 */
export const ruleCommandIdOf = async (notificationId: string) =>
  `cmd-r-${(await sha256Hex(`rule-command:${notificationId}`)).slice(0, 40)}`;

/** Delivery method Command. */
const COMMAND_METHOD = 32;

/**
 * How many of a rule's newest notifications on a vehicle are looked through for the one whose command failed. A rule
 * fires again on a vehicle only after its notification clears (or as a reminder), and its command fails within its
 * expiry (300 s by default) of the send, so the firing is one of the newest few.
 */
export const RULE_FIRINGS_LOOKED_AT = 50;

/** A command that turned Failed: by its device's answer, or by the expiry sweep. */
export interface FailedCommand {
  id: string;
  vehicleId: string;
  /** The rule that sent it, or null (a person did: nothing to write back). */
  ruleId: string | null;
  reason: string;
  at: Date;
}

/**
 * Writes a rule's command that later failed back to the notification of the firing that sent it (decision 0137,
 * Session 25): its command delivery, `sent` since the firing, turns `failed` with the command's reason (the device's,
 * or the expiry's) and the time it failed. The firing is found among the rule's newest notifications on the vehicle by
 * the command's id, which is made from the notification's (`ruleCommandIdOf`). A notification whose command delivery
 * is not `sent` (already failed at the send) is left as it is. Called wherever a command turns Failed: the expiry
 * sweep (`expireDue`, every read, send and the server's periodic sweep) and a device's Failed answer
 * (`acknowledgeCommand`), on the server and in the demo alike. Commands a person sent are skipped at no cost.
 */
export async function recordRuleCommandFailures(store: CommandStore, failed: readonly FailedCommand[]): Promise<void> {
  for (const command of failed) {
    if (!command.ruleId) continue;
    const firings = await store.ruleNotifications(command.ruleId, command.vehicleId, RULE_FIRINGS_LOOKED_AT);
    for (const firing of firings) {
      const delivery = firing.deliveries.find((d) => d.method === COMMAND_METHOD);
      if (delivery?.status !== 'sent' || (await ruleCommandIdOf(firing.id)) !== command.id) continue;
      await store.setNotificationDelivery(firing.id, {
        method: COMMAND_METHOD,
        status: 'failed',
        error: command.reason,
        at: command.at.toISOString(),
      });
      break;
    }
  }
}
