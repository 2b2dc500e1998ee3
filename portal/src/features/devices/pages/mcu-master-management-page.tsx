import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Paged list of MCU devices with state and motor type', 'Add, edit, import and export'] as const;

/** Motor controllers. */
export function McuMasterManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Motor controllers." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
