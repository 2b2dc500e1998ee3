import { LATER_WORK, type RoutePageProps } from '@/config/routes';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';

const INCLUDES = ['Charts over a date range'] as const;

/** Telemetry analysis across vehicles. */
export function AnalysisPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Telemetry analysis across vehicles." />
      <ComingLater arrivesWith={LATER_WORK[route.later ?? 'later']} includes={INCLUDES} />
    </>
  );
}
