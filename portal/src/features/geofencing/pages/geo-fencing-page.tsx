import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List with search and assigned vehicles', 'Enter / exit events live'] as const;

/** Geofences and the vehicles they watch. */
export function GeoFencingPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Geofences and the vehicles they watch." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
