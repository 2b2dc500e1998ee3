import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Paged list of BMS devices with state and chemistry', 'Add, edit, import and export'] as const;

/** Battery management systems. */
export function BmsMasterManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Battery management systems." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
