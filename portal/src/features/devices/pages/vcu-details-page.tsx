import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Identity, firmware, linked vehicle', 'Live state'] as const;

/** One vehicle controller. */
export function VcuDetailsPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="One vehicle controller." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
