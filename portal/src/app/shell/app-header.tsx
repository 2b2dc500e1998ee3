import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconBolt, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PRODUCT_NAME } from '@/domain/constants';
import { dashboardPathFor } from '@/domain/roles';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { UserMenu } from './user-menu';

export interface AppHeaderProps {
  /** Extra header items before the user menu, e.g. the live connection badge. */
  extras?: ReactNode;
}

/** The header: menu toggle, product name, extras, the unacknowledged-notification bell and the user menu. */
export function AppHeader({ extras }: AppHeaderProps) {
  const collapsed = useAppState((s) => s.auth.menuCollapse);
  const role = useAppState((s) => s.auth.user?.role);
  const store = useAppStoreApi();
  const toggleLabel = collapsed ? 'Expand navigation' : 'Collapse navigation';
  const ToggleIcon = collapsed ? IconLayoutSidebarLeftExpand : IconLayoutSidebarLeftCollapse;
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Tooltip label={toggleLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={toggleLabel}
            aria-expanded={!collapsed}
            onClick={() => store.getState().toggleMenuCollapse()}
          >
            <ToggleIcon size={20} />
          </ActionIcon>
        </Tooltip>
        <Link
          to={role ? dashboardPathFor(role) : '/'}
          style={{ textDecoration: 'none', color: 'inherit', display: 'flex', alignItems: 'center', gap: 6 }}
        >
          <IconBolt size={24} color="var(--mantine-color-blue-6)" aria-hidden />
          <Text fw={800} size="lg">
            {PRODUCT_NAME}
          </Text>
        </Link>
        {__DEMO__ ? (
          <Badge variant="light" color="grape" radius="sm" visibleFrom="sm">
            Demo
          </Badge>
        ) : null}
      </Group>
      <Group gap="sm" wrap="nowrap">
        {extras}
        <NotificationBell />
        <UserMenu />
      </Group>
    </Group>
  );
}
