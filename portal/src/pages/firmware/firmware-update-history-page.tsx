import { Group } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { useRef, useState } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { FIRMWARE_UPDATE_STATUS_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import {
  type ApiOtaUpdate,
  listAllOtaUpdates,
  OTA_EXPORT_LIMIT,
  useOtaUpdates,
} from '@/features/firmware/api/firmware-api';
import { OtaStatusBadge } from '@/features/firmware/components/ota-status-badge';
import { formatDateTime } from '@/shared/lib/format';
import { DateRangeFilter } from '@/shared/ui/data-table/date-range-filter';
import { downloadCsv } from '@/shared/ui/data-table/download-csv';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { toCsv } from '@/shared/ui/data-table/to-csv';
import { UrlList } from '@/shared/ui/data-table/url-list';
import type { ListParams } from '@/shared/ui/data-table/use-list-params';
import { notify } from '@/shared/ui/notify';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';
import { ExportCsvButton } from '@/shared/ui/csv-import/csv-transfer-buttons';

const FILTER_KEYS = ['deviceType', 'status', 'from', 'to'] as const;
const FILTER_DEFS: FilterDef[] = [
  {
    key: 'deviceType',
    label: 'Device kind',
    options: [
      { value: 'BMS', label: 'BMS' },
      { value: 'MCU', label: 'MCU' },
      { value: 'VCU', label: 'VCU' },
      { value: 'LOGGER', label: 'Logger' },
    ],
  },
  {
    key: 'status',
    label: 'Status',
    options: Object.entries(FIRMWARE_UPDATE_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
];
const CSV_COLUMNS = [
  'deviceSerial',
  'deviceType',
  'vehicleId',
  'fromVersion',
  'toVersion',
  'status',
  'sentAt',
  'finishedAt',
  'durationSec',
  'failureReason',
  'rolloutId',
];

const col = createColumnHelper<ApiOtaUpdate>();
const COLUMNS = [
  col.accessor('sentAt', {
    header: 'Sent',
    size: 170,
    meta: { label: 'Sent', sortField: 'sentAt' },
    cell: (c) => formatDateTime(c.getValue()),
  }),
  col.accessor('deviceSerial', { header: 'Device', size: 170, meta: { label: 'Device', sortField: 'deviceSerial' } }),
  col.accessor('deviceType', {
    header: 'Kind',
    size: 80,
    meta: { label: 'Kind' },
    cell: (c) => (c.getValue() === 'LOGGER' ? 'Logger' : c.getValue()),
  }),
  col.accessor('vehicleId', {
    header: 'Vehicle',
    size: 120,
    meta: { label: 'Vehicle' },
    cell: (c) => c.getValue() ?? '—',
  }),
  col.accessor('fromVersion', { header: 'From', size: 90, meta: { label: 'From' } }),
  col.accessor('toVersion', { header: 'To', size: 90, meta: { label: 'To' } }),
  col.accessor('status', {
    header: 'Status',
    size: 160,
    meta: { label: 'Status', sortField: 'status' },
    cell: (c) => <OtaStatusBadge update={c.row.original} />,
  }),
  col.accessor('durationSec', {
    header: 'Duration',
    size: 100,
    meta: { label: 'Duration' },
    cell: (c) => (c.getValue() === null ? '—' : `${Math.round(c.getValue() ?? 0)} s`),
  }),
  col.accessor('failureReason', {
    header: 'Failure reason',
    size: 320,
    meta: { label: 'Failure reason' },
    cell: (c) => c.getValue() ?? c.row.original.waitingReason ?? '',
  }),
];

/** Every firmware update of every device in scope: versions from and to, status, duration, failure reason. */
export function FirmwareUpdateHistoryPage({ route }: RoutePageProps) {
  const can = useCan();
  const listParams = useRef<ListParams | null>(null);
  const [exporting, setExporting] = useState(false);

  const handleExport = async () => {
    if (!listParams.current) return;
    setExporting(true);
    try {
      const { items, total } = await listAllOtaUpdates(listParams.current);
      downloadCsv('device-ota-history.csv', await toCsv(items, CSV_COLUMNS));
      notify.success('Exported the Device OTA history', {
        description:
          total > items.length
            ? `device-ota-history.csv holds the newest ${items.length} of ${total} matching updates; narrow the filters for the rest.`
            : `device-ota-history.csv holds all ${total} matching updates.`,
      });
    } catch (error) {
      notify.error('Could not export the Device OTA history', { description: errorMessage(error) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={route.title}
        description="Every over-the-air update of every device: versions, status, duration and why it failed."
        actions={
          can('FOTA.h', ACTION.EXPORT) ? (
            <ExportCsvButton
              exporting={exporting}
              onExport={handleExport}
              title={`Exports up to ${OTA_EXPORT_LIMIT.toLocaleString('en')} matching updates`}
            />
          ) : null
        }
      />
      <Group mb="sm">
        <DateRangeFilter filterKeys={FILTER_KEYS} />
      </Group>
      <UrlList
        filterKeys={FILTER_KEYS}
        useList={useOtaUpdates}
        searchLabel="Search serial or version"
        filterDefs={FILTER_DEFS}
        paramsRef={listParams}
        label="Device OTA history"
        tableId="device-ota-history"
        columns={COLUMNS}
        getRowId={(u) => u.id}
        emptyText="No update matches these filters."
      />
    </>
  );
}
