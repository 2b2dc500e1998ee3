import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Savings per vehicle, fleet and period'] as const;

/** Carbon emission saved by your electric fleet. */
export function CarbonEmissionPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Carbon emission saved by your electric fleet." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
