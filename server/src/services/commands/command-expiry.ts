import { recordRuleCommandFailures } from './rule-command-outcome';
import type { CommandStore, ExpiredCommand } from './command-store';
import type { Command } from './command-types';

/** Why a command nobody acknowledged in time is Failed (decision 0073). */
export const EXPIRED_REASON = 'Expired: the device did not acknowledge it in time.';

/**
 * Expiry as a function of time: a command still Pending at its `expiresAt` is Failed with {@link EXPIRED_REASON};
 * null when it is not (settled already, or not yet due). The stores' `expirePending` applies it to every row.
 */
export function expiryOf(
  command: Pick<Command, 'status' | 'expiresAt'>,
  now: Date,
): { status: 3; failureReason: string } | null {
  if (command.status !== 1 || !command.expiresAt) return null;
  return Date.parse(command.expiresAt) <= now.getTime() ? { status: 3, failureReason: EXPIRED_REASON } : null;
}

/**
 * The sweep: every command still pending at its deadline turns Failed. Every read of the history runs it first, so no
 * reader sees a command pending past its deadline; the server also runs it periodically (`live/command-live.ts`) and
 * publishes what it failed. A rule's command that expired is written back to its firing's notification
 * (`recordRuleCommandFailures`). Answers the commands it failed.
 */
export async function expireDue(store: CommandStore, now: Date): Promise<ExpiredCommand[]> {
  const expired = await store.expirePending(now.toISOString(), EXPIRED_REASON);
  if (expired.some((c) => c.ruleId)) {
    await recordRuleCommandFailures(
      store,
      expired.map((c) => ({ ...c, reason: EXPIRED_REASON, at: now })),
    );
  }
  return expired;
}
