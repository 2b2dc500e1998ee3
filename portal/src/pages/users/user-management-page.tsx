import { Button, Group, Loader, Paper } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useCallback } from 'react';
import { Link } from 'react-router-dom';
import { type RoutePageProps, paths } from '@/config/paths';
import { ACTION } from '@/domain/permissions';
import { USER_MANAGEMENT_TABS } from '@/domain/tab-sets';
import { UsersList } from '@/features/users/components/users-list';
import type { ApiRole } from '@/features/users/api/roles-api';
import { useCan } from '@/state/use-can';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';
import { OpenAsRole, useDemoAccounts } from './open-as-role';

/** The other tabs load when they are opened, not with the users list. */
const RolesList = lazy(() => import('@/features/users/components/roles-list').then((m) => ({ default: m.RolesList })));
const DeviceGroupList = lazy(() =>
  import('@/features/users/components/device-group-list').then((m) => ({ default: m.DeviceGroupList })),
);

/** User management: Users, Role & Permissions, Device Group; each tab and each action behind its permission. */
export function UserManagementPage({ route }: RoutePageProps) {
  const can = useCan();
  const tabs = USER_MANAGEMENT_TABS.filter((tab) => can(tab.permission));
  const accounts = useDemoAccounts();
  const renderRoleActions = useCallback(
    (role: ApiRole) => <OpenAsRole roleId={role.id} accounts={accounts} />,
    [accounts],
  );
  return (
    <>
      <PageHeader title={route.title} description="Users of your organisation, their roles and device groups." />
      <UrlTabs
        label="User management"
        tabs={tabs}
        renderPanel={(tab) => (
          <Paper withBorder radius="md" p="lg">
            {tab.id === 'role-permissions' && can('su.RP', ACTION.ADD) ? (
              <Group justify="flex-end" mb="sm">
                <Button component={Link} to={paths.writeRole.href()} leftSection={<IconPlus size={16} />}>
                  New role
                </Button>
              </Group>
            ) : null}
            {tab.id === 'device-group' && can('su.DG', ACTION.ADD) ? (
              <Group justify="flex-end" mb="sm">
                <Button component={Link} to={paths.writeGroup.href()} leftSection={<IconPlus size={16} />}>
                  New device group
                </Button>
              </Group>
            ) : null}
            {tab.id === 'users' ? <UsersList /> : null}
            <Suspense fallback={<Loader size="sm" aria-label="Loading the tab" />}>
              {tab.id === 'role-permissions' ? <RolesList renderRoleActions={renderRoleActions} /> : null}
              {tab.id === 'device-group' ? <DeviceGroupList /> : null}
            </Suspense>
          </Paper>
        )}
      />
    </>
  );
}
