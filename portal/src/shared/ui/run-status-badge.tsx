import { Badge } from '@mantine/core';
import { TRIP_STATUS_LABELS } from '@/domain/enums';

const RUN_STATUS_COLOR = { 1: 'blue', 2: 'green', 3: 'orange', 4: 'red' } as const;

/** A trip or battery-cycle status as a coloured badge. */
export function RunStatusBadge({ status }: { status: 1 | 2 | 3 | 4 }) {
  return (
    <Badge color={RUN_STATUS_COLOR[status]} variant="light">
      {TRIP_STATUS_LABELS[status]}
    </Badge>
  );
}
