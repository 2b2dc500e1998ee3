import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List, add, edit and deactivate fleets', 'Assign vehicles to fleets'] as const;

/** Fleets and the vehicles assigned to them. */
export function FleetManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Fleets and the vehicles assigned to them." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
