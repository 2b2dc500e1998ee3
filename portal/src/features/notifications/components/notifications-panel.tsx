import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import { type ApiNotification, useVehicleNotifications } from '../api/list-notifications';
import { DeliveryList } from './delivery-list';
import { formatDateTime } from '@/shared/lib/format';
import { type CompactColumn, CompactTable } from '@/shared/ui/data-table/compact-table';
import { QueryState } from '@/shared/ui/query-state';

const PAGE_SIZE = 10;
const getId = (n: ApiNotification) => n.id;
const COLUMNS: CompactColumn<ApiNotification>[] = [
  { header: 'Sent', cell: (n) => formatDateTime(n.sentAt) },
  { header: 'Severity', cell: (n) => <SeverityBadge severity={n.severity} /> },
  {
    header: 'Notification',
    cell: (n) => (
      <>
        <Text size="sm" fw={500}>
          {n.title}
        </Text>
        <Text size="xs" c="dimmed">
          {n.message}
        </Text>
      </>
    ),
  },
  { header: 'Rule', cell: (n) => n.ruleName },
  { header: 'Delivery', cell: (n) => <DeliveryList deliveries={n.deliveries} /> },
  {
    header: 'Acknowledged',
    cell: (n) =>
      n.acknowledgedAt
        ? `${n.acknowledgedByName ?? n.acknowledgedBy ?? ''}, ${formatDateTime(n.acknowledgedAt)}`
        : 'Not yet',
  },
];
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
          <CompactTable
            label="Notifications"
            columns={COLUMNS}
            rows={data.items}
            getRowId={getId}
            paging={{
              page,
              pageSize: PAGE_SIZE,
              total: data.total,
              onPageChange: setPage,
              label: 'Notification pages',
            }}
          />
        </Stack>
      )}
    </QueryState>
  );
}
