import { Badge, Tooltip } from '@mantine/core';
import { useLiveConnection } from '@/shared/lib/live/use-live-connection';

// Its own module, loaded with the shell (issue 37 item 11): its tooltip was the only floating element of the entry chunk.

const BADGE: Record<string, { color: string; label: string; hint: string }> = {
  idle: { color: 'gray', label: 'Live: off', hint: 'Not connected to live data.' },
  connecting: { color: 'yellow', label: 'Live: connecting', hint: 'Connecting to the live data broker…' },
  online: { color: 'green', label: 'Live', hint: 'Receiving live telemetry.' },
  reconnecting: { color: 'orange', label: 'Live: reconnecting', hint: 'Connection lost; retrying with back-off.' },
  offline: { color: 'red', label: 'Live: offline', hint: 'The live data broker cannot be reached.' },
};

/** Header badge with the live connection state. */
export function LiveBadge() {
  const connection = useLiveConnection();
  const look = BADGE[connection.state] ?? BADGE.idle!;
  const hint = connection.lastError ? `${look.hint} (${connection.lastError})` : look.hint;
  return (
    <Tooltip label={hint}>
      <Badge color={look.color} variant="light" role="status" aria-label={look.label}>
        {look.label}
      </Badge>
    </Tooltip>
  );
}
