import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Owner kind: dealer, fleet, EV owner or driver', 'Devices in the group'] as const;

/** Create or edit a device group. */
export function WriteGroupPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Create or edit a device group." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
