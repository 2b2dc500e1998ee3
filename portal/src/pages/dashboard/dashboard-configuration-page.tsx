import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = [
  'Dashboards per role type, with add, edit and delete',
  'Widget choice: fault summary, recent active faults, real-time map',
] as const;

/** Arrange which widgets each role type sees on its dashboard. */
export function DashboardConfigurationPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Arrange which widgets each role type sees on its dashboard." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
