import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = [
  'Grant and revoke access per component kind',
  'Assignable roles per kind (EV, BMS, MCU, VCU)',
] as const;

/** Who may work on which vehicles and devices. */
export function AccessManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Who may work on which vehicles and devices." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
