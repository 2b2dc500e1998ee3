import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = [
  'Paged, sortable, filterable list of vehicles (100,000 and more)',
  'Add, edit, clone, delete, assign, import and export',
  'Live state per row',
] as const;

/** Every vehicle you may see, with its model, owner and state. */
export function VehicleManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Every vehicle you may see, with its model, owner and state." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
