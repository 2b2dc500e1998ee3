import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['The previous dashboard layout, read-only'] as const;

/** The legacy dashboard, kept for users who still rely on its layout. */
export function OldDashboardPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="The legacy dashboard, kept for users who still rely on its layout."
      />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
