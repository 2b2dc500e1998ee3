import { Group, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { toApiError } from '@/shared/api/api-client';
import { formatDateTime } from '@/shared/lib/format';
import { useOtaUpdates } from '../api/firmware-api';
import { OtaStatusBadge } from './ota-status-badge';

const PAGE_SIZE = 10;

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
        <>
          <Table striped aria-label="OTA history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                {deviceId ? null : <Table.Th>Device</Table.Th>}
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Finished</Table.Th>
                <Table.Th>Failure reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.items.map((u) => (
                <Table.Tr key={u.id}>
                  <Table.Td>{formatDateTime(u.sentAt)}</Table.Td>
                  {deviceId ? null : (
                    <Table.Td>
                      {u.deviceType === 'LOGGER' ? 'Logger' : u.deviceType} {u.deviceSerial}
                    </Table.Td>
                  )}
                  <Table.Td>{u.fromVersion}</Table.Td>
                  <Table.Td>{u.toVersion}</Table.Td>
                  <Table.Td>
                    <OtaStatusBadge update={u} />
                  </Table.Td>
                  <Table.Td>{u.finishedAt ? formatDateTime(u.finishedAt) : '—'}</Table.Td>
                  <Table.Td>{u.failureReason ?? u.waitingReason ?? ''}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {query.data.total > PAGE_SIZE ? (
            <Group justify="flex-end">
              <Pagination
                total={Math.ceil(query.data.total / PAGE_SIZE)}
                value={page}
                onChange={setPage}
                getControlProps={(control) => ({ 'aria-label': `${control} page of the OTA history` })}
              />
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
