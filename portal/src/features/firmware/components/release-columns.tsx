import { Code } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { createColumnHelper } from '@tanstack/react-table';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { RowActions } from '@/shared/ui/data-table/row-actions';
import type { ApiFirmwareRelease } from '../api/firmware-api';
import { DEVICE_TYPE_LABELS } from '../lib/release-fields';

export const RELEASE_FILTER_KEYS = ['deviceType'] as const;
export const RELEASE_FILTERS: FilterDef[] = [
  {
    key: 'deviceType',
    label: 'Device kind',
    options: Object.entries(DEVICE_TYPE_LABELS).map(([value, label]) => ({ value, label })),
  },
];
function bytes(n: number): string {
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MiB`;
  return `${Math.max(1, Math.round(n / 1024))} KiB`;
}

/**
 * Release columns left to the column chooser at first, so the table and its Roll out menu fit a 1280 px screen with
 * the side navigation open (#20). The file name and version range stay: they are what a rollout is checked against.
 */
export const RELEASE_HIDDEN_BY_DEFAULT = ['sha256', 'replacesVersion', 'compatibleHardware'] as const;

const rel = createColumnHelper<ApiFirmwareRelease>();

/** The release list's columns; with `rollOut` (the right to roll out) each row has a Roll out action. */
export function releaseColumns(rollOut: ((releaseId: string) => void) | null) {
  return [
    rel.accessor('version', { header: 'Version', size: 110, meta: { label: 'Version', sortField: 'version' } }),
    rel.accessor('deviceType', {
      header: 'Kind',
      size: 80,
      meta: { label: 'Kind', sortField: 'deviceType' },
      cell: (c) => DEVICE_TYPE_LABELS[c.getValue()],
    }),
    rel.accessor('modelName', {
      header: 'Model',
      size: 160,
      meta: { label: 'Model' },
      cell: (c) => c.getValue() ?? 'All loggers',
    }),
    rel.accessor('fileName', {
      header: 'File',
      size: 200,
      meta: { label: 'File' },
      cell: (c) => `${c.getValue()} · ${bytes(c.row.original.fileSize)}`,
    }),
    rel.accessor('sha256', {
      header: 'SHA-256',
      size: 140,
      meta: { label: 'SHA-256' },
      cell: (c) => <Code title={c.getValue()}>{c.getValue().slice(0, 12)}…</Code>,
    }),
    rel.accessor('replacesVersion', {
      header: 'Replaces',
      size: 100,
      meta: { label: 'Replaces' },
      cell: (c) => c.getValue() ?? '—',
    }),
    rel.display({
      id: 'range',
      header: 'For versions',
      size: 140,
      meta: { label: 'For versions' },
      cell: (c) => `${c.row.original.currentVersionMin ?? 'any'} – ${c.row.original.currentVersionMax ?? 'any'}`,
    }),
    rel.accessor('compatibleHardware', {
      header: 'Hardware',
      size: 130,
      meta: { label: 'Hardware' },
      cell: (c) => c.getValue().join(', ') || 'any',
    }),
    rel.accessor('createdAt', {
      header: 'Uploaded',
      size: 170,
      meta: { label: 'Uploaded', sortField: 'createdAt' },
      cell: (c) => formatDateTime(c.getValue()),
    }),
    ...(rollOut
      ? [
          rel.display({
            id: 'actions',
            header: '',
            size: 60,
            cell: (c) => (
              <RowActions
                name={`release ${c.row.original.version}`}
                actions={[
                  {
                    label: 'Roll out',
                    icon: <IconPlayerPlay size={16} />,
                    onClick: () => rollOut(c.row.original.id),
                  },
                ]}
              />
            ),
          }),
        ]
      : []),
  ];
}
