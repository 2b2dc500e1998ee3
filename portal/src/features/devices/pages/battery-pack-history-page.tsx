import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Per-cell heatmap', 'Min, max and delta over time'] as const;

/** Cell voltages and temperatures of a battery pack over its cycles. */
export function BatteryPackHistoryPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Cell voltages and temperatures of a battery pack over its cycles." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
