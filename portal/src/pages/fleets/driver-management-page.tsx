import type { RoutePageProps } from '@/config/paths';
import { OrganisationList } from '@/features/organisations/components/organisation-list';
import { PageHeader } from '@/shared/ui/page-header';

/** The drivers of a fleet: contact and licence data, and the vehicle each drives. */
export function DriverManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader title={route.title} description="Drivers, their licences and the vehicle each drives." />
      <OrganisationList kind="driver" />
    </>
  );
}
