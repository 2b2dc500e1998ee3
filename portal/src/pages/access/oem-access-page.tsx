import type { RoutePageProps } from '@/config/paths';
import { GrantsList } from '@/features/access/components/grants-list';
import { PageHeader } from '@/shared/ui/page-header';

/** OEM access: a manufacturer's fleet opened to its own service centres and fleets, until an expiry or a revoke. */
export function OemAccessPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="Open a manufacturer's whole fleet to one of its service centres or fleets, with an expiry. Expired and revoked grants no longer give access."
      />
      <GrantsList area="oem" />
    </>
  );
}
