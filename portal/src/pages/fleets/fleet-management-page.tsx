import type { RoutePageProps } from '@/config/paths';
import { OrganisationList } from '@/features/organisations/components/organisation-list';
import { PageHeader } from '@/shared/ui/page-header';

/** Fleets in the caller's scope (a service centre's own on /dealer/fleet-management), their vehicles and drivers. */
export function FleetManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description={
          route.params?.scope === 'dealer'
            ? 'The fleets your service centre looks after, their vehicles and drivers.'
            : 'Fleets, their vehicles and drivers.'
        }
      />
      <OrganisationList kind="fleet" />
    </>
  );
}
