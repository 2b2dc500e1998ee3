import { Badge, Group, Progress, Text } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import type { ApiFirmwareRollout } from '../api/firmware-api';
import { DEVICE_TYPE_LABELS } from '../lib/release-fields';

export const ROLLOUT_FILTER_KEYS = ['status'] as const;
export const ROLLOUT_FILTERS: FilterDef[] = [
  {
    key: 'status',
    label: 'Status',
    options: ['running', 'paused', 'cancelled', 'completed'].map((s) => ({
      value: s,
      label: s[0]?.toUpperCase() + s.slice(1),
    })),
  },
];
const STATUS_COLOURS = { running: 'blue', paused: 'yellow', cancelled: 'gray', completed: 'teal' } as const;

const rol = createColumnHelper<ApiFirmwareRollout>();

/** The rollout list's columns: target, status, live progress of its devices, wave. */
export const ROLLOUT_COLUMNS = [
  rol.accessor('version', { header: 'Version', size: 110, meta: { label: 'Version' } }),
  rol.accessor('deviceType', {
    header: 'Kind',
    size: 80,
    meta: { label: 'Kind' },
    cell: (c) => DEVICE_TYPE_LABELS[c.getValue()],
  }),
  rol.accessor('targetLabel', { header: 'Target', size: 260, meta: { label: 'Target' } }),
  rol.accessor('status', {
    header: 'Status',
    size: 110,
    meta: { label: 'Status', sortField: 'status' },
    cell: (c) => (
      <Badge color={STATUS_COLOURS[c.getValue()]} variant="light">
        {c.getValue()}
      </Badge>
    ),
  }),
  rol.display({
    id: 'progress',
    header: 'Progress',
    size: 200,
    meta: { label: 'Progress' },
    cell: (c) => {
      const r = c.row.original;
      const done = r.waves.reduce((n, w) => n + w.completed + w.failed, 0);
      const failed = r.waves.reduce((n, w) => n + w.failed, 0);
      return (
        <Group gap={6} wrap="nowrap">
          {/* No width transition: the list reads running rollouts every 5 s (decision 0100). */}
          <Progress.Root
            w={110}
            transitionDuration={0}
            role="group"
            aria-label={`${done} of ${r.deviceCount} finished`}
          >
            <Progress.Section
              value={((done - failed) / Math.max(1, r.deviceCount)) * 100}
              color="teal"
              aria-label="Completed"
            />
            <Progress.Section value={(failed / Math.max(1, r.deviceCount)) * 100} color="red" aria-label="Failed" />
          </Progress.Root>
          <Text size="xs">
            {done}/{r.deviceCount}
          </Text>
        </Group>
      );
    },
  }),
  rol.display({
    id: 'wave',
    header: 'Wave',
    size: 80,
    meta: { label: 'Wave' },
    cell: (c) => `${c.row.original.currentWave + 1} of ${c.row.original.waveCount}`,
  }),
  rol.accessor('createdAt', {
    header: 'Started',
    size: 170,
    meta: { label: 'Started', sortField: 'createdAt' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
];
