import { Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { type ApiOtaUpdate, useOtaUpdates } from '../api/firmware-api';
import { OtaStatusBadge } from './ota-status-badge';

const PAGE_SIZE = 10;
const getUpdateId = (u: ApiOtaUpdate) => u.id;
const COLUMNS: CompactColumn<ApiOtaUpdate>[] = [
  { header: 'Sent', cell: (u) => formatDateTime(u.sentAt) },
  { header: 'Device', cell: (u) => `${u.deviceType === 'LOGGER' ? 'Logger' : u.deviceType} ${u.deviceSerial}` },
  { header: 'From', cell: (u) => u.fromVersion },
  { header: 'To', cell: (u) => u.toVersion },
  { header: 'Status', cell: (u) => <OtaStatusBadge update={u} /> },
  { header: 'Finished', cell: (u) => (u.finishedAt ? formatDateTime(u.finishedAt) : '—') },
  { header: 'Failure reason', cell: (u) => u.failureReason ?? u.waitingReason ?? '' },
];

export interface OtaHistoryPanelProps {
  /** Every update of the devices fitted to this vehicle… */
  vehicleId?: string;
  /** …or of this one device. */
  deviceId?: string;
}

/**
 * The OTA history part of a vehicle's, BMS's or MCU's details (spec §6 keys `vh.l.d.ota`, `BMS.l.d.ota`,
 * `MCU.l.d.ota`): each firmware update with its versions, status, time and why it failed, newest first.
 */
export function OtaHistoryPanel({ vehicleId, deviceId }: OtaHistoryPanelProps) {
  const [page, setPage] = useState(1);
  const filters: Record<string, string> = deviceId ? { deviceId } : vehicleId ? { vehicleId } : {};
  const query = useOtaUpdates({
    page,
    pageSize: PAGE_SIZE,
    sort: { field: 'sentAt', direction: 'desc' },
    q: '',
    filters,
  });
  return (
    <Stack gap="xs" component="section" aria-labelledby="ota-history-title">
      <Title order={3} size="h5" id="ota-history-title">
        OTA history
      </Title>
      {query.isPending ? (
        <Text size="sm" c="dimmed">
          Loading firmware updates…
        </Text>
      ) : query.isError ? (
        <Text role="alert" c="red" size="sm">
          The OTA history could not be loaded: {toApiError(query.error).message}
        </Text>
      ) : query.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No firmware update was sent {deviceId ? 'to this device' : 'to the devices of this vehicle'} yet.
        </Text>
      ) : (
        <CompactTable
          label="OTA history"
          columns={deviceId ? COLUMNS.filter((c) => c.header !== 'Device') : COLUMNS}
          rows={query.data.items}
          getRowId={getUpdateId}
          paging={{
            page,
            pageSize: PAGE_SIZE,
            total: query.data.total,
            onPageChange: setPage,
            label: 'OTA history pages',
          }}
        />
      )}
    </Stack>
  );
}
