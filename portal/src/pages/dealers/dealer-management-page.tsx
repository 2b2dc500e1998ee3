import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['List, add, edit and deactivate service centres'] as const;

/** Service centres and what they look after. */
export function DealerManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Service centres and what they look after." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
