import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['New, In-Progress, Hold, Reopen, Closed', 'Conversation and assignment'] as const;

/** Support tickets. */
export function TicketsPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Support tickets." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
