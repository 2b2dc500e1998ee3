import type { RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { AnalysisCompare } from '@/features/analysis/components/analysis-compare';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';

/** Analysis: compare vehicles, models or fleets over a date range, with CSV and PNG export for who may export. */
export function AnalysisPage({ route }: RoutePageProps) {
  const can = useCan();
  return (
    <>
      <PageHeader
        title={route.title}
        description="Compare vehicles, models or fleets: energy per km, SoC use, distance, fault rate, utilisation and charging."
      />
      <AnalysisCompare canExport={can('a', ACTION.EXPORT)} />
    </>
  );
}
