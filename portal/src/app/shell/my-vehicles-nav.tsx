import { Loader, NavLink, Stack, Text, Tooltip } from '@mantine/core';
import { IconMotorbike } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { paths } from '@/config/routes';
import { useMyVehicles } from '@/features/dashboards/api/dashboards';

interface MyVehiclesNavProps {
  pathname: string;
  collapsed: boolean;
  onNavigate: (path: string) => void;
  isBrowserClick: (event: MouseEvent<HTMLAnchorElement>) => boolean;
}

/**
 * "My vehicles" in the side navigation of a driver or an EV owner: a link to each of their vehicles' details, so the
 * navigation (not only the dashboard) leads to them. Shown only to a user who may open vehicle details.
 */
export function MyVehiclesNav({ pathname, collapsed, onNavigate, isBrowserClick }: MyVehiclesNavProps) {
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
      const label = vehicle.model ? `${vehicle.registrationNumber} (${vehicle.model})` : vehicle.registrationNumber;
      const link = (
        <NavLink
          key={vehicle.id}
          component="a"
          href={href}
          onClick={(event: MouseEvent<HTMLAnchorElement>) => {
            if (isBrowserClick(event)) return;
            event.preventDefault();
            onNavigate(href);
          }}
          label={collapsed ? undefined : vehicle.registrationNumber}
          description={collapsed ? undefined : (vehicle.model ?? undefined)}
          aria-label={label}
          leftSection={<IconMotorbike size={20} stroke={1.6} />}
          active={pathname === href || pathname.startsWith(`${href}/`)}
          variant="light"
          style={{ borderRadius: 8 }}
          styles={collapsed ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined}
        />
      );
      return collapsed ? (
        <Tooltip key={vehicle.id} label={label} position="right" withArrow openDelay={150}>
          {link}
        </Tooltip>
      ) : (
        link
      );
    });
  }
  return (
    <Stack gap={2}>
      {collapsed ? null : (
        <Text tt="uppercase" fw={700} size="xs" c="dimmed" px="sm" pb={4}>
          My vehicles
        </Text>
      )}
      {items}
    </Stack>
  );
}
