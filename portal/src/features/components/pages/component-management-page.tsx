import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['BMS, MCU, VCU and other component kinds', 'Component master data'] as const;

/** Component kinds and their master data. */
export function ComponentManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Component kinds and their master data." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
