import type { RoutePageProps } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { CarbonEmission } from '@/features/analysis/components/carbon-emission';
import { PageHeader } from '@/shared/ui/page-header';
import { useCan } from '@/state/use-can';

/** Carbon emission: CO2 avoided against petrol/diesel vehicles, per vehicle type, fleet and vehicle. */
export function CarbonEmissionPage({ route }: RoutePageProps) {
  const can = useCan();
  return (
    <>
      <PageHeader
        title={route.title}
        description="CO2 your electric vehicles avoided against petrol and diesel vehicles doing the same distance."
      />
      <CarbonEmission canExport={can('ce', ACTION.EXPORT)} canConfigure={can('ce', ACTION.CONFIGURE)} />
    </>
  );
}
