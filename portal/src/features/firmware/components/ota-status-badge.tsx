import { Badge } from '@mantine/core';
import { FIRMWARE_UPDATE_STATUS_LABELS } from '@/domain/enums';
import type { ApiOtaUpdate } from '../api/firmware-api';

export const OTA_STATUS_COLOURS = { 0: 'gray', 1: 'blue', 2: 'teal', 3: 'red', 4: 'orange' } as const;

/** A device update's status as the spec names it; a waiting device says it waits, a cancelled one says so. */
export function OtaStatusBadge({ update }: { update: Pick<ApiOtaUpdate, 'status' | 'phase'> }) {
  const label =
    update.phase === 'waiting'
      ? 'Waiting'
      : update.phase === 'queued'
        ? 'Queued'
        : update.phase === 'skipped'
          ? 'Cancelled'
          : FIRMWARE_UPDATE_STATUS_LABELS[update.status];
  const colour = update.phase === 'waiting' ? 'yellow' : OTA_STATUS_COLOURS[update.status];
  return (
    <Badge color={colour} variant="light">
      {label}
    </Badge>
  );
}
