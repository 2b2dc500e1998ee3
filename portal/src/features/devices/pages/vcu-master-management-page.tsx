import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Paged list of VCU devices', 'Add, edit, import and export'] as const;

/** Vehicle controllers. */
export function VcuMasterManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Vehicle controllers." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
