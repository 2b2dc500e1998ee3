import { Loader, Stack, Text } from '@mantine/core';
import { IconMotorbike } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { paths } from '@/config/paths';
import { useMyVehicles } from '@/features/dashboards/api/dashboards';
import { isActive, NavItem, NavSectionLabel } from './nav-item';

interface MyVehiclesNavProps {
  pathname: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
}

/**
 * "My vehicles" in the side navigation of a driver or an EV owner: a link to each of their vehicles' details, so the
 * navigation (not only the dashboard) leads to them. Shown only to a user who may open vehicle details.
 */
export function MyVehiclesNav({ pathname, collapsed, onNavigate }: MyVehiclesNavProps) {
  const query = useMyVehicles();
  let items: ReactNode;
  if (query.isPending) {
    items = (
      <Text size="xs" c="dimmed" px="sm" role="status">
        <Loader size={12} mr={6} aria-hidden />
        {collapsed ? null : 'Loading your vehicles…'}
      </Text>
    );
  } else if (query.isError) {
    items = (
      <Text size="xs" c="red.9" px="sm" role="alert">
        Could not load your vehicles: {query.error.message}
      </Text>
    );
  } else if (query.data.items.length === 0) {
    items = collapsed ? null : (
      <Text size="xs" c="dimmed" px="sm">
        No vehicle is assigned to you yet.
      </Text>
    );
  } else {
    items = query.data.items.map((vehicle) => {
      const href = paths.vehicleDetails.href(vehicle.id);
      return (
        <NavItem
          key={vehicle.id}
          href={href}
          label={vehicle.registrationNumber}
          description={vehicle.model ?? undefined}
          icon={IconMotorbike}
          active={isActive(pathname, href)}
          collapsed={collapsed}
          onNavigate={onNavigate}
        />
      );
    });
  }
  return (
    <Stack gap={2}>
      <NavSectionLabel collapsed={collapsed}>My vehicles</NavSectionLabel>
      {items}
    </Stack>
  );
}
