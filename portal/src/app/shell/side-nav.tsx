import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { memo } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { navSectionsFor } from '@/domain/route-access';
import { useAppState } from '@/state/store-context';

/** Active when the current path is the item's path or lies below it. */
function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** The side navigation: only routes the user may open, grouped; icons only while collapsed. */
export function SideNav() {
  const { pathname } = useLocation();
  return <SideNavLinks pathname={pathname} />;
}

/** Memoised on the path: a change of search params (a list filter) does not re-render the navigation. */
const SideNavLinks = memo(function SideNavLinks({ pathname }: { pathname: string }) {
  const role = useAppState((s) => s.auth.user?.role ?? null);
  const permissions = useAppState((s) => s.auth.permissions);
  const collapsed = useAppState((s) => s.auth.menuCollapse);
  const sections = navSectionsFor(ROUTES, role, permissions);
  return (
    <ScrollArea type="never" component="nav" aria-label="Main navigation">
      <Stack gap="md" p={collapsed ? 'xs' : 'sm'}>
        {sections.map((section) => (
          <Stack key={section.group} gap={2}>
            {collapsed ? null : (
              <Text tt="uppercase" fw={700} size="xs" c="dimmed" px="sm" pb={4}>
                {section.label}
              </Text>
            )}
            {section.routes.map((route) => {
              const Icon = route.nav!.icon;
              const label = route.nav?.label ?? route.title;
              const link = (
                <NavLink
                  key={route.id}
                  component={Link}
                  to={route.path}
                  label={collapsed ? undefined : label}
                  aria-label={label}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  active={isActive(pathname, route.path)}
                  variant="light"
                  style={{ borderRadius: 8 }}
                  styles={
                    collapsed ? { section: { marginInlineEnd: 0 }, root: { justifyContent: 'center' } } : undefined
                  }
                />
              );
              return collapsed ? (
                <Tooltip key={route.id} label={label} position="right" withArrow openDelay={150}>
                  {link}
                </Tooltip>
              ) : (
                link
              );
            })}
          </Stack>
        ))}
      </Stack>
    </ScrollArea>
  );
});
