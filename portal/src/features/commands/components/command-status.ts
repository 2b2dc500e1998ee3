import { COMMAND_STATUS } from '@/domain/enums';
import type { ApiCommand } from '../api/list-commands';

/** How long a command may stay Pending without an acknowledgement before the page calls it Failed. */
export const COMMAND_ACK_TIMEOUT_MS = 30_000;

export type CommandStatusValue = (typeof COMMAND_STATUS)[keyof typeof COMMAND_STATUS];

/** What the status needs of an acknowledgement (the store's `commandAcknowledge` holds whole `CommandAck`s). */
export interface StoredAck {
  status: number;
  reason?: string;
  ts?: number;
}

export interface EffectiveStatus {
  status: CommandStatusValue;
  /** Where the status comes from: the server, a live acknowledgement, or the page's time-out. */
  source: 'server' | 'live' | 'timeout';
  reason?: string;
}

/**
 * The status to show for a command: the server's when it is settled; else a live acknowledgement if one arrived;
 * else Failed once the time-out has passed since it was sent; else Pending.
 */
export function effectiveCommandStatus(
  command: Pick<ApiCommand, 'id' | 'status' | 'sentAt'>,
  acks: Readonly<Record<string, StoredAck>>,
  now: number,
  timeoutMs: number = COMMAND_ACK_TIMEOUT_MS,
): EffectiveStatus {
  if (command.status !== COMMAND_STATUS.PENDING) return { status: command.status, source: 'server' };
  const ack = acks[command.id];
  if (ack && (ack.status === COMMAND_STATUS.SUCCESS || ack.status === COMMAND_STATUS.FAILED)) {
    return { status: ack.status, source: 'live', ...(ack.reason ? { reason: ack.reason } : {}) };
  }
  if (now - Date.parse(command.sentAt) >= timeoutMs) {
    return { status: COMMAND_STATUS.FAILED, source: 'timeout', reason: 'No acknowledgement within the time-out.' };
  }
  return { status: COMMAND_STATUS.PENDING, source: 'server' };
}
