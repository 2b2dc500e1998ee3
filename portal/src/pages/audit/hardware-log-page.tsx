import { Badge, CloseButton, Group, Text, UnstyledButton } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { formatDateTime } from '@/shared/lib/format';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { UrlList } from '@/shared/ui/data-table/url-list';
import { type ListParams, useListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import {
  type ApiHardwareLogEntry,
  HARDWARE_LOG_EXPORT_LIMIT,
  listAllHardwareLogs,
  useHardwareLogs,
} from '@/features/audit/api/list-hardware-logs';
import { DateRangeFilter } from '@/shared/ui/data-table/date-range-filter';
import { LiveTailToggle } from '@/features/audit/components/live-tail-toggle';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';

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
  const listParams = useRef<ListParams | null>(null);
  const [live, setLive] = useState(true);
  const [exporting, setExporting] = useState(false);
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

  const handleExport = async () => {
    if (!listParams.current) return;
    setExporting(true);
    try {
      const { items, total } = await listAllHardwareLogs(listParams.current);
      downloadCsv('hardware-log.csv', await toCsv(items, CSV_COLUMNS));
      notify.success('Exported the hardware log', {
        description:
          total > items.length
            ? `hardware-log.csv holds the newest ${items.length} of ${total} matching messages; narrow the range for the rest.`
            : `hardware-log.csv holds all ${total} matching messages.`,
      });
    } catch (error) {
      notify.error('Could not export the hardware log', { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  const shownDevice = query.data?.items.find((l) => l.deviceId === deviceId)?.deviceSerial ?? deviceId;
  return (
    <>
      <PageHeader
        title={route.title}
        description="Messages the logger devices sent, newest first."
        actions={
          <Group gap="xs">
            <LiveTailToggle
              live={live}
              blockedBy={tailBlockedBy(params)}
              updatedAt={query.dataUpdatedAt}
              onToggle={() => setLive((v) => !v)}
            />
            {can('hl', ACTION.EXPORT) ? (
              <ExportCsvButton
                exporting={exporting}
                onExport={handleExport}
                title={`Exports up to ${HARDWARE_LOG_EXPORT_LIMIT.toLocaleString('en')} matching messages`}
              />
            ) : null}
          </Group>
        }
      />
      <Group mb="sm" gap="md" align="flex-end">
        <DateRangeFilter filterKeys={FILTER_KEYS} />
        {deviceId ? (
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
        )}
      </Group>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={live ? useLiveHardwareLogs : usePausedHardwareLogs}
        searchLabel="Search messages"
        filterDefs={FILTER_DEFS}
        paramsRef={listParams}
        label="Hardware log"
        tableId="hardware-log"
        columns={columns}
        getRowId={getLogId}
        emptyText="No messages match these filters."
      />
    </>
  );
}
