import type { RoutePageProps } from '@/config/paths';
import { OrganisationList } from '@/features/organisations/components/organisation-list';
import { PageHeader } from '@/shared/ui/page-header';

/** Service centres: contact data, the vehicles they look after, their fleets and open tickets. */
export function DealerManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="Service centres, the vehicles they look after, their fleets and open tickets."
      />
      <OrganisationList kind="dealer" />
    </>
  );
}
