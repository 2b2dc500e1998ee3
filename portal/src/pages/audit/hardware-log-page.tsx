import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Search by device and time'] as const;

/** Logs sent by device hardware. */
export function HardwareLogPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Logs sent by device hardware." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
