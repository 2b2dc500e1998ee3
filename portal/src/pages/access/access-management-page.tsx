import type { RoutePageProps } from '@/config/paths';
import { GrantsList } from '@/features/access/components/grants-list';
import { PageHeader } from '@/shared/ui/page-header';

/** Who may work on which vehicles, models and device kinds: grants with a role, an expiry and a revoke. */
export function AccessManagementPage({ route }: RoutePageProps) {
  return (
    <>
      <PageHeader
        title={route.title}
        description="Give a partner organisation or a component admin a role on vehicles, models or a device kind. Expired and revoked grants stay listed but no longer give access."
      />
      <GrantsList area="access" />
    </>
  );
}
