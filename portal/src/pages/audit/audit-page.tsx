import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Entity, action, user and time of every change'] as const;

/** Who changed what, and when. */
export function AuditPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Who changed what, and when." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
