import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Command sent, in progress, completed, failed or device offline'] as const;

/** Over-the-air updates per device. */
export function FirmwareUpdateHistoryPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Over-the-air updates per device." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
