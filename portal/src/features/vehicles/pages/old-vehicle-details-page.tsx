import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['The previous vehicle details layout, read-only'] as const;

/** The legacy vehicle details view. */
export function OldVehicleDetailsPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="The legacy vehicle details view." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
