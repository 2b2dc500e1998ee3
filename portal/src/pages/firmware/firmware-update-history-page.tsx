import { createColumnHelper } from '@tanstack/react-table';
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
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { HistoryListPage } from '@/shared/ui/history-list-page';
import { useCan } from '@/state/use-can';

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

const getUpdateId = (u: ApiOtaUpdate) => u.id;

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
  return (
    <HistoryListPage
      title={route.title}
      description="Every over-the-air update of every device: versions, status, duration and why it failed."
      csvExport={
        can('FOTA.h', ACTION.EXPORT)
          ? {
              subject: 'the Device OTA history',
              fileName: 'device-ota-history.csv',
              noun: 'updates',
              rest: '; narrow the filters for the rest',
              limit: OTA_EXPORT_LIMIT,
              columns: CSV_COLUMNS,
              listAll: listAllOtaUpdates,
            }
          : undefined
      }
      filterKeys={FILTER_KEYS}
      useList={useOtaUpdates}
      searchLabel="Search serial or version"
      filterDefs={FILTER_DEFS}
      label="Device OTA history"
      tableId="device-ota-history"
      columns={COLUMNS}
      getRowId={getUpdateId}
      emptyText="No update matches these filters."
    />
  );
}
