import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Search and filter by rule, vehicle and delivery method'] as const;

/** Notifications that rules have sent. */
export function NotificationHistoryPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Notifications that rules have sent." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
