import { useQueryClient } from '@tanstack/react-query';
import { notificationKeys } from '@/shared/api/query-keys';
import { topics } from '@/shared/lib/live/topics';
import { useLiveEvents } from '@/shared/lib/live/use-live-events';

/**
 * Refreshes the notification lists and the header's count when a rule's notification is published live (the Fleet
 * API server publishes each one on its vehicle's notifications topic, decision 0126; the broker delivers a scoped
 * user their vehicles' only), through the live controller. The header's bell holds it on every page (for a user who
 * may read notifications: `enabled`); the notification history holds it too. Two holders of one event refetch once:
 * an invalidation does not cancel a refetch in flight. Between events the lists still poll (`NOTIFICATION_POLL_MS`),
 * which is all the demo does: its rule engine runs when notifications are read.
 */
export function useLiveNotifications(owner: string, enabled = true): void {
  const queryClient = useQueryClient();
  useLiveEvents(owner, enabled ? [topics.fleetEventsFilter('notifications')] : [], 'notification', {
    max: 0,
    onEvent: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }, { cancelRefetch: false }),
  });
}
