import { Button, Group, Paper, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { LATER_WORK, type RoutePageProps, paths } from '@/config/routes';
import { ACTION } from '@/domain/permissions';
import { USER_MANAGEMENT_TABS } from '@/domain/tab-sets';
import { useCan } from '@/state/use-can';
import { ComingLater } from '@/shared/ui/coming-later';
import { PageHeader } from '@/shared/ui/page-header';
import { UrlTabs } from '@/shared/ui/url-tabs';

/** User management: Users, Role & Permissions, Device Group; each tab and each action behind its permission. */
export function UserManagementPage({ route }: RoutePageProps) {
  const can = useCan();
  const tabs = USER_MANAGEMENT_TABS.filter((tab) => can(tab.permission));
  const arrivesWith = LATER_WORK[route.later ?? 'later'];
  return (
    <>
      <PageHeader title={route.title} description="Users of your organisation, their roles and device groups." />
      <UrlTabs
        label="User management"
        tabs={tabs}
        renderPanel={(tab) => (
          <Paper withBorder radius="md" p="lg">
            <Group justify="space-between" mb="sm">
              <Text fw={600}>{tab.label}</Text>
              {tab.id === 'role-permissions' && can('su.RP', ACTION.ADD) ? (
                <Button component={Link} to={paths.writeRole.href()} size="xs" leftSection={<IconPlus size={14} />}>
                  New role
                </Button>
              ) : null}
              {tab.id === 'device-group' && can('su.DG', ACTION.ADD) ? (
                <Button component={Link} to={paths.writeGroup.href()} size="xs" leftSection={<IconPlus size={14} />}>
                  New device group
                </Button>
              ) : null}
            </Group>
            <ComingLater arrivesWith={arrivesWith} />
          </Paper>
        )}
      />
    </>
  );
}
