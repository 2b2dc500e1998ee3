import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Pending, Success, Failed', 'Device, rule and OTA commands'] as const;

/** Commands sent to devices and their status. */
export function CommandHistoryPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Commands sent to devices and their status." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
