import { Badge, CloseButton, Group, Text, UnstyledButton } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { type ListParams, useListParams } from '@/shared/ui/data-table/use-list-params';
import { type HistoryCsvExport, HistoryListPage } from '@/shared/ui/history-list-page';
import { useCan } from '@/state/use-can';
import {
  type ApiHardwareLogEntry,
  HARDWARE_LOG_EXPORT_LIMIT,
  listAllHardwareLogs,
  useHardwareLogs,
} from '@/features/audit/api/list-hardware-logs';
import { LiveTailToggle } from '@/features/audit/components/live-tail-toggle';

const FILTER_KEYS = ['level', 'deviceId', 'from', 'to'] as const;
const LEVEL_COLOURS: Record<ApiHardwareLogEntry['level'], string> = {
  DEBUG: 'gray',
  INFO: 'blue',
  WARN: 'yellow',
  ERROR: 'red',
};
const LEVEL_FILTER: FilterDef = {
  key: 'level',
  label: 'Level',
  options: Object.keys(LEVEL_COLOURS).map((l) => ({ value: l, label: l })),
};
const FILTER_DEFS = [LEVEL_FILTER];
const CSV_COLUMNS = ['occurredAt', 'level', 'deviceSerial', 'deviceId', 'vehicleId', 'message'];
const getLogId = (l: ApiHardwareLogEntry) => l.id;
const CSV_EXPORT: HistoryCsvExport<ApiHardwareLogEntry> = {
  subject: 'the hardware log',
  fileName: 'hardware-log.csv',
  noun: 'messages',
  rest: '; narrow the range for the rest',
  limit: HARDWARE_LOG_EXPORT_LIMIT,
  columns: CSV_COLUMNS,
  listAll: listAllHardwareLogs,
};

/** Why the tail cannot follow the newest messages with these params, or null when it can. */
function tailBlockedBy(params: ListParams): string | null {
  if (params.page !== 1) return 'Live tail follows page 1 only.';
  if (params.sort && params.sort.direction === 'asc') return 'Live tail follows the newest first.';
  if (params.filters.to) return 'Live tail is off while the range has an end date.';
  return null;
}

// Two hooks of the same shape (the list's `useList` must be a hook): the tail polls, the paused list does not.
const useLiveHardwareLogs = (params: ListParams) => useHardwareLogs(params, tailBlockedBy(params) === null);
const usePausedHardwareLogs = (params: ListParams) => useHardwareLogs(params, false);

const col = createColumnHelper<ApiHardwareLogEntry>();

/** Messages logger devices sent: filters, search, server paging, a live tail that can be paused, and export. */
export function HardwareLogPage({ route }: RoutePageProps) {
  const can = useCan();
  const [params, setParams] = useListParams(FILTER_KEYS);
  const latest = useRef(params);
  latest.current = params;
  const [live, setLive] = useState(true);
  const query = (live ? useLiveHardwareLogs : usePausedHardwareLogs)(params);
  const deviceId = params.filters.deviceId;

  const onlyDevice = useCallback(
    (id: string | null) => {
      const filters = { ...latest.current.filters };
      if (id) filters.deviceId = id;
      else delete filters.deviceId;
      setParams({ filters });
    },
    [setParams],
  );

  const columns = useMemo(
    () => [
      col.accessor('occurredAt', {
        header: 'Time',
        size: 180,
        meta: { label: 'Time', sortField: 'occurredAt' },
        cell: (c) => formatDateTime(c.getValue(), true),
      }),
      col.accessor('level', {
        header: 'Level',
        size: 90,
        meta: { label: 'Level' },
        cell: (c) => (
          <Badge color={LEVEL_COLOURS[c.getValue()]} variant="light">
            {c.getValue()}
          </Badge>
        ),
      }),
      col.accessor('deviceSerial', {
        header: 'Device',
        size: 170,
        meta: { label: 'Device' },
        cell: (c) => (
          <UnstyledButton
            onClick={(e) => {
              e.stopPropagation();
              onlyDevice(c.row.original.deviceId);
            }}
            title="Show only this device"
            aria-label={`Show only device ${c.getValue()}`}
            style={{ textDecoration: 'underline dotted', fontSize: 'var(--mantine-font-size-sm)' }}
          >
            {c.getValue()}
          </UnstyledButton>
        ),
      }),
      col.accessor('vehicleId', {
        header: 'Vehicle',
        size: 120,
        meta: { label: 'Vehicle' },
        cell: (c) => c.getValue() ?? '—',
      }),
      col.accessor('message', { header: 'Message', size: 420, meta: { label: 'Message' } }),
    ],
    [onlyDevice],
  );

  const shownDevice = query.data?.items.find((l) => l.deviceId === deviceId)?.deviceSerial ?? deviceId;
  return (
    <HistoryListPage
      title={route.title}
      description="Messages the logger devices sent, newest first."
      actions={
        <LiveTailToggle
          live={live}
          blockedBy={tailBlockedBy(params)}
          updatedAt={query.dataUpdatedAt}
          onToggle={() => setLive((v) => !v)}
        />
      }
      csvExport={can('hl', ACTION.EXPORT) ? CSV_EXPORT : undefined}
      filterAside={
        deviceId ? (
          <Group gap={4} role="status">
            <Text size="sm">
              Device: <b>{shownDevice}</b>
            </Text>
            <CloseButton size="sm" aria-label="Show every device" onClick={() => onlyDevice(null)} />
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Select a device in the list to see only its messages.
          </Text>
        )
      }
      filterKeys={FILTER_KEYS}
      useList={live ? useLiveHardwareLogs : usePausedHardwareLogs}
      searchLabel="Search messages"
      filterDefs={FILTER_DEFS}
      label="Hardware log"
      tableId="hardware-log"
      columns={columns}
      getRowId={getLogId}
      emptyText="No messages match these filters."
    />
  );
}
