import { Badge, Tooltip } from '@mantine/core';
import { COMMAND_STATUS_LABELS } from '@/domain/enums';
import { useAppState } from '@/state/store-context';
import type { ApiCommand } from '../api/list-commands';
import { useNow } from '../hooks/use-now';
import { type EffectiveStatus, effectiveCommandStatus } from './command-status';

const STATUS_COLOR = { 1: 'yellow', 2: 'green', 3: 'red' } as const;

/** A command status as a badge; its reason (device, time-out or expiry) in a tooltip. */
export function StatusBadge({ effective }: { effective: EffectiveStatus }) {
  const label = COMMAND_STATUS_LABELS[effective.status];
  const badge = (
    <Badge color={STATUS_COLOR[effective.status]} variant="light" aria-label={`Status: ${label}`}>
      {label}
      {effective.source === 'timeout' ? ' (expired)' : ''}
    </Badge>
  );
  return effective.reason ? (
    <Tooltip label={effective.reason}>
      <span>{badge}</span>
    </Tooltip>
  ) : (
    badge
  );
}

/** How long a command may stay pending: until its expiry (older commands without one: the default time-out). */
function expiryMs(command: Pick<ApiCommand, 'sentAt' | 'expiresAt'>): number | undefined {
  return command.expiresAt ? Date.parse(command.expiresAt) - Date.parse(command.sentAt) : undefined;
}

/**
 * A command's status as it is now: the server's once settled, else a live acknowledgement from the app's one live
 * controller (the store's `commandAcknowledge`), else Failed once it has expired, else Pending.
 */
export function LiveCommandStatus({ command }: { command: ApiCommand }) {
  const ack = useAppState((s) => s.vehicle.commandAcknowledge[command.id]);
  const now = useNow(command.status === 1);
  const effective = effectiveCommandStatus(command, ack ? { [command.id]: ack } : {}, now, expiryMs(command));
  const withReason =
    effective.source === 'server' && effective.status === 3 && command.failureReason
      ? { ...effective, reason: command.failureReason }
      : effective;
  return <StatusBadge effective={withReason} />;
}

/** When a command was acknowledged: the server's time, or the live acknowledgement's. */
export function LiveAcknowledgedAt({
  command,
  format,
}: {
  command: ApiCommand;
  format: (iso: string | null) => string;
}) {
  const ack = useAppState((s) => s.vehicle.commandAcknowledge[command.id]);
  if (command.acknowledgedAt) return <>{format(command.acknowledgedAt)}</>;
  if (command.status === 1 && ack?.ts) return <>{format(new Date(ack.ts).toISOString())}</>;
  return <>{format(null)}</>;
}
