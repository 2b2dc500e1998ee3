import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Permission keys with their action flags'] as const;

/** Create or edit a role and its permissions. */
export function WriteRolePage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Create or edit a role and its permissions." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
