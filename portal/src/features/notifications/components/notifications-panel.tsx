import { Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { useVehicleNotifications } from '../api/list-notifications';
import { DeliveryList } from './delivery-list';
import { formatDateTime } from '@/shared/lib/format';
import { QueryState } from '@/shared/ui/query-state';

const PAGE_SIZE = 10;
/** Notifications that rules sent for a vehicle, newest first. */
export function NotificationsPanel({ vehicleId }: { vehicleId: string }) {
  const [page, setPage] = useState(1);
  const query = useVehicleNotifications({ vehicleId, page, pageSize: PAGE_SIZE });
  return (
    <QueryState
      query={query}
      what="notifications"
      isEmpty={(d) => d.items.length === 0}
      emptyText="No rule has sent a notification for this vehicle."
    >
      {(data) => (
        <Stack>
          <Table striped aria-label="Notifications">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Sent</Table.Th>
                <Table.Th>Severity</Table.Th>
                <Table.Th>Notification</Table.Th>
                <Table.Th>Rule</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th>Acknowledged</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((n) => (
                <Table.Tr key={n.id}>
                  <Table.Td>{formatDateTime(n.sentAt)}</Table.Td>
                  <Table.Td>
                    <SeverityBadge severity={n.severity} />
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={500}>
                      {n.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {n.message}
                    </Text>
                  </Table.Td>
                  <Table.Td>{n.ruleName}</Table.Td>
                  <Table.Td>
                    <DeliveryList deliveries={n.deliveries} />
                  </Table.Td>
                  <Table.Td>
                    {n.acknowledgedAt
                      ? `${n.acknowledgedByName ?? n.acknowledgedBy ?? ''}, ${formatDateTime(n.acknowledgedAt)}`
                      : 'Not yet'}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.total > PAGE_SIZE ? (
            <Pagination
              total={Math.ceil(data.total / PAGE_SIZE)}
              value={page}
              onChange={setPage}
              aria-label="Notification pages"
            />
          ) : null}
        </Stack>
      )}
    </QueryState>
  );
}
