import { Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { useCan } from '@/state/use-can';
import { useUnreadNotificationCount } from '../api/list-notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';

/**
 * The header's bell: how many notifications nobody acknowledged (kept in `master.notificationCount`), live (refetched
 * when a notification is published, and polled), linking to the notification history. Not shown to a user without `rule.h`.
 */
export function NotificationBell() {
  const can = useCan();
  const allowed = can('rule.h');
  const query = useUnreadNotificationCount(allowed);
  // A notification published live refreshes the count at once (the count still polls between events).
  useLiveNotifications('notification-bell', allowed);
  const store = useAppStoreApi();
  const count = useAppState((s) => s.master.notificationCount);
  useEffect(() => {
    if (query.data !== undefined) store.getState().setMaster({ notificationCount: query.data });
  }, [query.data, store]);
  if (!allowed) return null;
  const label = `Notifications: ${count} unacknowledged`;
  return (
    <Indicator
      label={count > 999 ? '999+' : count}
      size={18}
      color="red.8"
      disabled={count === 0}
      offset={4}
      aria-hidden={false}
    >
      <Link
        to={paths.notificationHistory.href({ acknowledged: 'false' })}
        aria-label={label}
        title={label}
        style={{ display: 'flex', alignItems: 'center', color: 'var(--mantine-color-gray-7)', padding: 6 }}
      >
        <IconBell size={22} aria-hidden />
      </Link>
    </Indicator>
  );
}
