import { Badge, Button, Group, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { formatTime } from '@/shared/lib/format';

export interface LiveTailToggleProps {
  live: boolean;
  /** Why the tail cannot follow now (a later page, an end date), or null when it can. */
  blockedBy: string | null;
  updatedAt: number;
  onToggle: () => void;
}

/** Pauses and resumes the live tail, and says whether it is following and when it last asked. */
export function LiveTailToggle({ live, blockedBy, updatedAt, onToggle }: LiveTailToggleProps) {
  const following = live && blockedBy === null;
  return (
    <Group gap="sm">
      <Badge color={following ? 'green' : 'gray'} variant={following ? 'filled' : 'light'} aria-live="polite">
        {following ? 'Live tail on' : 'Live tail paused'}
      </Badge>
      <Text size="sm" c="dimmed">
        {blockedBy && live ? blockedBy : updatedAt ? `Updated ${formatTime(updatedAt)}` : ''}
      </Text>
      <Button
        variant="default"
        size="sm"
        leftSection={live ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
        onClick={onToggle}
        aria-pressed={!live}
      >
        {live ? 'Pause live tail' : 'Resume live tail'}
      </Button>
    </Group>
  );
}
