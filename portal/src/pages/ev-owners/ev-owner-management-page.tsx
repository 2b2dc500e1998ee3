import type { RoutePageProps } from '@/config/paths';
import { OrganisationList } from '@/features/organisations/components/organisation-list';
import { PageHeader } from '@/shared/ui/page-header';

/** EV owners in the caller's scope (a service centre's own on /dealer/ev-owner-management) and their vehicles. */
export function EvOwnerManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description={
          route.params?.scope === 'dealer'
            ? 'The EV owners your service centre looks after and their vehicles.'
            : 'EV owners and their vehicles.'
        }
      />
      <OrganisationList kind="evOwner" />
    </>
  );
}
