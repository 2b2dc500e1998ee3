import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List, add, edit and deactivate drivers', 'Assign drivers to vehicles'] as const;

/** The drivers of your fleet. */
export function DriverManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="The drivers of your fleet." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
