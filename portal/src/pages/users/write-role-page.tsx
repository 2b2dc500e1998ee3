import { useSearchParams } from 'react-router-dom';
import type { RoutePageProps } from '@/config/paths';
import { RoleEditor } from '@/features/users/components/role-editor';
import { PageHeader } from '@/shared/ui/page-header';

/** Create (`/write-role`), edit (`?id=`) or clone (`?from=`) a role and its permission matrix. */
export function WriteRolePage({ route }: RoutePageProps) {
  const [params] = useSearchParams();
  const id = params.get('id');
  const from = params.get('from');
  const title = id ? 'Edit role' : from ? 'Clone role' : 'New role';
  return (
    <>
      <PageHeader
        title={route.title}
        description={`${title}: the permission keys by feature area and the actions each allows. A role can grant no more than you hold.`}
      />
      <RoleEditor key={`${id}:${from}`} roleId={id} fromId={id ? null : from} />
    </>
  );
}
