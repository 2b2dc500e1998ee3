import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List, add, edit and deactivate EV owners', 'Assign vehicles to owners'] as const;

/** EV owners and the vehicles assigned to them. */
export function EvOwnerManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="EV owners and the vehicles assigned to them." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
