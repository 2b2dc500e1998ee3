import { Badge } from '@mantine/core';
import { STATUS_LABELS } from '@/domain/enums';

/** A row's status (1 active, 0 inactive) as a dot badge. */
export function StatusBadge({ status }: { status: 0 | 1 }) {
  return (
    <Badge color={status === 1 ? 'teal' : 'gray'} variant="dot" size="sm">
      {STATUS_LABELS[status]}
    </Badge>
  );
}
