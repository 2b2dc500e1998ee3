import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconClockPause } from '@tabler/icons-react';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@/domain/enums';
import { formatSlaDuration, TICKET_PRIORITY_LABELS, type TicketPriority } from '@/domain/tickets';
import type { components } from '@/domain/api-schema';

const STATUS_COLOURS: Record<TicketStatus, string> = {
  1: 'blue',
  2: 'cyan',
  3: 'yellow',
  4: 'grape',
  5: 'gray',
  6: 'green',
};
const PRIORITY_COLOURS: Record<TicketPriority, string> = {
  low: 'gray',
  medium: 'blue',
  high: 'orange',
  critical: 'red',
};

export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLOURS[status]} autoContrast>
      {TICKET_STATUS_LABELS[status]}
    </Badge>
  );
}

export function TicketPriorityBadge({ priority }: { priority: TicketPriority }) {
  return (
    <Badge variant="outline" color={PRIORITY_COLOURS[priority]} autoContrast>
      {TICKET_PRIORITY_LABELS[priority]}
    </Badge>
  );
}

type SlaTarget = components['schemas']['TicketSlaTarget'];

/** What an SLA target says in words: "3 h left", "Overdue by 2 h", "Paused, 5 h left", "Met". */
export function slaText(target: SlaTarget): string {
  const left = formatSlaDuration(target.remainingMs);
  switch (target.state) {
    case 'breached':
      return `Overdue by ${left}`;
    case 'paused':
      return `Paused, ${left} left`;
    case 'met':
      return 'Met';
    case 'stopped':
      return 'Stopped';
    default:
      return `${left} left`;
  }
}

/** One SLA target as a timer: red when overdue, orange in its last quarter, a pause icon on Hold. */
export function SlaTimer({ target, label }: { target: SlaTarget; label?: string }) {
  const quarter = target.targetMinutes * 60_000 * 0.25;
  // Hex values that keep 4.5:1 on white and on striped or hovered rows (the palette's red.8 and green.8 do not).
  const colour =
    target.state === 'breached'
      ? '#C92A2A'
      : target.state === 'met'
        ? '#087F5B'
        : target.state === 'running' && target.remainingMs < quarter
          ? '#B34700'
          : undefined;
  return (
    <Tooltip label={`Target ${formatSlaDuration(target.targetMinutes * 60_000)}`} withArrow>
      <Group gap={4} wrap="nowrap" component="span">
        {target.state === 'paused' ? <IconClockPause size={14} aria-hidden /> : null}
        <Text span size="sm" c={colour} fw={target.state === 'breached' ? 700 : undefined}>
          {label ? `${label}: ` : ''}
          {slaText(target)}
        </Text>
      </Group>
    </Tooltip>
  );
}
