import { useMemo } from 'react';
import type { RoutePageProps } from '@/config/paths';
import { DELIVERY_METHOD_LABELS } from '@/domain/bit-flags';
import { FAULT_SEVERITY_LABELS } from '@/domain/enums';
import { ACTION } from '@/domain/permissions';
import type { FilterDef } from '@/shared/ui/data-table/filter-bar';
import { errorMessage } from '@/shared/ui/data-table/server-field-errors';
import { type HistoryCsvExport, HistoryListPage } from '@/shared/ui/history-list-page';
import { notify } from '@/shared/ui/notify';
import { useCan } from '@/state/use-can';
import {
  type ApiNotification,
  listAllNotifications,
  NOTIFICATION_EXPORT_LIMIT,
  useAcknowledgeNotification,
  useNotificationHistory,
} from '@/features/notifications/api/list-notifications';
import { DELIVERY_STATUS_LABELS, deliveriesText } from '@/features/notifications/components/delivery-list';
import { notificationColumns } from '@/features/notifications/components/notification-columns';
import { useLiveNotifications } from '@/features/notifications/hooks/use-live-notifications';
import { OpenTicketButton } from '@/features/tickets/components/open-ticket-button';

const FILTER_KEYS = ['severity', 'acknowledged', 'method', 'status', 'from', 'to'] as const;
const FILTER_DEFS: FilterDef[] = [
  {
    key: 'severity',
    label: 'Severity',
    options: [1, 2, 3, 4, 5].map((v) => ({ value: String(v), label: FAULT_SEVERITY_LABELS[v as 1] })),
  },
  {
    key: 'acknowledged',
    label: 'Acknowledged',
    options: [
      { value: 'false', label: 'Not acknowledged' },
      { value: 'true', label: 'Acknowledged' },
    ],
  },
  {
    key: 'method',
    label: 'Channel',
    options: Object.entries(DELIVERY_METHOD_LABELS).map(([value, label]) => ({ value, label })),
  },
  {
    key: 'status',
    label: 'Delivery status',
    options: Object.entries(DELIVERY_STATUS_LABELS).map(([value, label]) => ({ value, label })),
  },
];
const CSV_COLUMNS = [
  'id',
  'sentAt',
  'severity',
  'title',
  'message',
  'ruleName',
  'vehicleId',
  'deliveries',
  'acknowledgedAt',
  'acknowledgedByName',
  'clearedAt',
];
const CSV_EXPORT: HistoryCsvExport<ApiNotification> = {
  subject: 'the notifications',
  fileName: 'notifications.csv',
  noun: 'notifications',
  limit: NOTIFICATION_EXPORT_LIMIT,
  columns: CSV_COLUMNS,
  listAll: listAllNotifications,
  toRow: (n) => ({ ...n, deliveries: deliveriesText(n.deliveries) }),
};
/** Offered by the column chooser, hidden at first so the list fits 1440 px (issue 18 item 11). */
const HIDDEN_BY_DEFAULT = ['clearedAt'] as const;
const getId = (n: ApiNotification) => n.id;
const rowLabel = (n: ApiNotification) => `${n.title} on ${n.vehicleId}`;

/** Every notification rules sent, arriving live, with per-channel delivery and acknowledgement. */
export function NotificationHistoryPage({ route }: RoutePageProps) {
  const can = useCan();
  const acknowledge = useAcknowledgeNotification();
  const mayAcknowledge = can('rule.h', ACTION.UPDATE);
  const mayOpenTicket = can('t', ACTION.ADD);
  const acknowledging = acknowledge.isPending ? (acknowledge.variables ?? null) : null;
  // A notification the server publishes refreshes the list at once (between polls).
  useLiveNotifications('notification-history');

  // biome-ignore lint/correctness/useExhaustiveDependencies: the mutation object is stable; its pending row is a prop
  const columns = useMemo(
    () =>
      notificationColumns({
        acknowledging,
        onAcknowledge: mayAcknowledge
          ? (n) =>
              acknowledge.mutate(n.id, {
                onSuccess: () => notify.success(`Acknowledged ${n.title} on ${n.vehicleId}`),
                onError: (e) =>
                  notify.error('Could not acknowledge the notification', { description: errorMessage(e) }),
              })
          : undefined,
        rowAction: mayOpenTicket
          ? (n) => (
              <OpenTicketButton
                vehicleId={n.vehicleId}
                source="notification"
                notificationId={n.id}
                faultId={n.faultId ?? undefined}
                title={n.title}
                compact
              />
            )
          : undefined,
      }),
    [mayAcknowledge, acknowledging, mayOpenTicket],
  );

  return (
    <HistoryListPage
      title={route.title}
      description="Notifications that rules sent, newest first; new ones appear as they arrive."
      csvExport={can('rule.h', ACTION.EXPORT) ? CSV_EXPORT : undefined}
      filterKeys={FILTER_KEYS}
      useList={useNotificationHistory}
      searchLabel="Search notifications"
      filterDefs={FILTER_DEFS}
      label="Notifications"
      tableId="notification-history"
      columns={columns}
      hiddenByDefault={HIDDEN_BY_DEFAULT}
      getRowId={getId}
      rowLabel={rowLabel}
      emptyText="No notification matches these filters."
    />
  );
}
