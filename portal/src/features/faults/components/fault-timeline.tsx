import { Text, Timeline } from '@mantine/core';
import { IconAlertTriangle, IconBell, IconCheck, IconCircleCheck, IconTerminal2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ApiCommand, ApiNotification } from '../api/list-fault-context';
import type { ApiFault } from '../api/list-faults';
import { formatDateTime } from '@/shared/lib/format';

export interface TimelineEntry {
  at: string;
  title: string;
  detail: string;
  icon: 'occurred' | 'notified' | 'command' | 'acknowledged' | 'cleared';
}

const ICONS: Record<TimelineEntry['icon'], ReactNode> = {
  occurred: <IconAlertTriangle size={14} />,
  notified: <IconBell size={14} />,
  command: <IconTerminal2 size={14} />,
  acknowledged: <IconCheck size={14} />,
  cleared: <IconCircleCheck size={14} />,
};

const COMMAND_STATUS = { 1: 'pending', 2: 'succeeded', 3: 'failed' } as const;

/** The events of a fault in time order: occurred, notifications sent, related commands, acknowledged, cleared. */
export function timelineOf(
  fault: ApiFault,
  notifications: readonly ApiNotification[],
  commands: readonly ApiCommand[],
): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { at: fault.occurredAt, title: 'Occurred', detail: `${fault.deviceKind} raised ${fault.code}.`, icon: 'occurred' },
    ...notifications.map((n) => ({
      at: n.sentAt,
      title: 'Notification sent',
      detail: `Rule "${n.ruleName}": ${n.title}.`,
      icon: 'notified' as const,
    })),
    ...commands.map((c) => ({
      at: c.sentAt,
      title: `Command ${c.name}`,
      detail: `${c.kind} command to the ${c.deviceKind}, ${COMMAND_STATUS[c.status]}.`,
      icon: 'command' as const,
    })),
  ];
  if (fault.acknowledgedAt)
    entries.push({
      at: fault.acknowledgedAt,
      title: 'Acknowledged',
      detail: fault.acknowledgedBy ? `By ${fault.acknowledgedBy}.` : 'Acknowledged.',
      icon: 'acknowledged',
    });
  if (fault.clearedAt)
    entries.push({
      at: fault.clearedAt,
      title: 'Cleared',
      detail: 'The device stopped reporting it.',
      icon: 'cleared',
    });
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/** A fault's timeline; the last entry is the current state. */
export function FaultTimeline({ entries, active }: { entries: readonly TimelineEntry[]; active: boolean }) {
  return (
    <Timeline active={entries.length - 1} bulletSize={24} lineWidth={2} aria-label="Fault timeline">
      {entries.map((e) => (
        <Timeline.Item key={`${e.icon}-${e.at}-${e.title}`} bullet={ICONS[e.icon]} title={e.title}>
          <Text size="sm">{e.detail}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(e.at, true)}
          </Text>
        </Timeline.Item>
      ))}
      {active ? (
        <Timeline.Item bullet={<IconAlertTriangle size={14} />} title="Still active" lineVariant="dashed">
          <Text size="sm" c="dimmed">
            The fault has not cleared yet.
          </Text>
        </Timeline.Item>
      ) : null}
    </Timeline>
  );
}
