import { Anchor, Button, Stack, Text } from '@mantine/core';
import { type ColumnDef, createColumnHelper } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate, formatDateTime, formatTime } from '@/shared/lib/format';
import { SeverityBadge } from '@/shared/ui/severity-badge';
import type { ApiNotification } from '../api/list-notifications';
import { DeliveryList } from './delivery-list';

const col = createColumnHelper<ApiNotification>();

export interface NotificationColumnOptions {
  /** Acknowledges a row; absent when the user may not (no button is shown). */
  onAcknowledge?: (n: ApiNotification) => void;
  /** The row being acknowledged. */
  acknowledging?: string | null;
  /** An extra action per notification that the page composes in (Open ticket); with it the table has an Actions column. */
  rowAction?: (n: ApiNotification) => ReactNode;
}

/** The notification history's columns. */
export function notificationColumns({
  onAcknowledge,
  acknowledging,
  rowAction,
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
}: NotificationColumnOptions): ColumnDef<ApiNotification, any>[] {
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  const columns: ColumnDef<ApiNotification, any>[] = [
    col.accessor('sentAt', {
      header: 'Time',
      size: 125,
      meta: { label: 'Time', sortField: 'sentAt' },
      // The date over the time, so the column stays narrow and neither is cut.
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm">{formatDate(c.getValue())}</Text>
          <Text size="xs" c="dimmed">
            {formatTime(c.getValue())}
          </Text>
        </Stack>
      ),
    }),
    col.accessor('severity', {
      header: 'Severity',
      size: 105,
      meta: { label: 'Severity', sortField: 'severity' },
      cell: (c) => <SeverityBadge severity={c.getValue()} />,
    }),
    col.accessor('title', {
      header: 'Notification',
      size: 270,
      meta: { label: 'Notification' },
      cell: (c) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} truncate title={c.getValue()}>
            {c.getValue()}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {c.row.original.message}
          </Text>
        </Stack>
      ),
    }),
    col.accessor('ruleName', { header: 'Rule', size: 150, meta: { label: 'Rule', sortField: 'ruleName' } }),
    col.accessor('vehicleId', {
      header: 'Vehicle',
      size: 120,
      meta: { label: 'Vehicle' },
      cell: (c) => (
        <Anchor
          component={Link}
          to={paths.vehicleDetails.href(c.getValue())}
          size="sm"
          onClick={(e) => e.stopPropagation()}
        >
          {c.getValue()}
        </Anchor>
      ),
    }),
    col.accessor('deliveries', {
      header: 'Delivery',
      size: 210,
      meta: { label: 'Delivery' },
      cell: (c) => <DeliveryList deliveries={c.getValue()} />,
    }),
    col.accessor('acknowledgedAt', {
      header: 'Acknowledged',
      size: 165,
      meta: { label: 'Acknowledged' },
      cell: (c) => {
        const n = c.row.original;
        if (n.acknowledgedAt)
          return (
            <Stack gap={0}>
              <Text size="sm">{n.acknowledgedByName ?? n.acknowledgedBy}</Text>
              <Text size="xs" c="dimmed">
                {formatDateTime(n.acknowledgedAt, true)}
              </Text>
            </Stack>
          );
        return onAcknowledge ? (
          <Button
            size="compact-xs"
            variant="light"
            loading={acknowledging === n.id}
            aria-label={`Acknowledge ${n.title} on ${n.vehicleId}`}
            onClick={(e) => {
              e.stopPropagation();
              onAcknowledge(n);
            }}
          >
            Acknowledge
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            Not yet
          </Text>
        );
      },
    }),
    col.accessor('clearedAt', {
      header: 'Cleared',
      size: 160,
      meta: { label: 'Cleared' },
      cell: (c) => (c.getValue() ? formatDateTime(c.getValue(), true) : '—'),
    }),
  ];
  if (rowAction) {
    columns.push(
      col.display({
        id: 'actions',
        header: 'Actions',
        size: 150,
        meta: { label: 'Actions' },
        cell: (c) => rowAction(c.row.original),
      }),
    );
  }
  return columns;
}
