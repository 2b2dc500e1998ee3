import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Polygon, circle and rectangle on the map', 'Rule: enter, exit, dwell; delivery methods'] as const;

/** Draw a geofence and its rule. */
export function GeoFenceWritePage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Draw a geofence and its rule." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
