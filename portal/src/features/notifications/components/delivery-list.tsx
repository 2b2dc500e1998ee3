import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { DELIVERY_METHOD_LABELS } from '@/domain/bit-flags';
import type { ApiNotification } from '../api/list-notifications';

type Delivery = ApiNotification['deliveries'][number];

const STATUS_COLOR: Record<Delivery['status'], string> = { sent: 'blue.8', delivered: 'green.9', failed: 'red.9' };
export const DELIVERY_STATUS_LABELS: Record<Delivery['status'], string> = {
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
};

/** Each channel of a notification with its outcome; a failure shows its error. */
export function DeliveryList({ deliveries }: { deliveries: readonly Delivery[] }) {
  return (
    <Stack gap={2}>
      {deliveries.map((d) => {
        const method = DELIVERY_METHOD_LABELS[d.method];
        const status = DELIVERY_STATUS_LABELS[d.status];
        const badge = (
          <Badge size="xs" variant="light" color={STATUS_COLOR[d.status]} style={{ flexShrink: 0 }}>
            {status}
          </Badge>
        );
        return (
          <Group key={d.method} gap={6} wrap="nowrap">
            <Text size="xs" w={110} style={{ flexShrink: 0 }}>
              {method}
            </Text>
            {d.error ? <Tooltip label={d.error}>{badge}</Tooltip> : badge}
            {d.error ? (
              <Text size="xs" c="red.9" lineClamp={1} title={d.error}>
                {d.error}
              </Text>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}

/** "Email: Failed (error); Push Notification: Delivered", for the CSV export. */
export function deliveriesText(deliveries: readonly Delivery[]): string {
  return deliveries
    .map(
      (d) =>
        `${DELIVERY_METHOD_LABELS[d.method]}: ${DELIVERY_STATUS_LABELS[d.status]}${d.error ? ` (${d.error})` : ''}`,
    )
    .join('; ');
}
