import { NavLink, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { Fragment, memo, type MouseEvent, useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTES } from '@/config/routes';
import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { can } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { navSectionsFor } from '@/domain/route-access';
import { useAppState } from '@/state/store-context';
import { MyVehiclesNav } from './my-vehicles-nav';

/** Active when the current path is the item's path or lies below it. */
function isActive(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/** A click the browser should handle itself (new tab or window, download, not the main button). */
function isBrowserClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (event.currentTarget.target !== '' && event.currentTarget.target !== '_self')
  );
}

/** The side navigation: only routes the user may open, grouped; icons only while collapsed. */
export function SideNav() {
  const location = useLocation();
  const navigate = useNavigate();
  // Refs keep the click handler stable, so the memoised links below never re-render for a new location or navigate.
  const current = useRef({ navigate, url: '' });
  current.current = { navigate, url: location.pathname + location.search };
  const handleNavigate = useCallback((path: string) => {
    // As React Router's Link does: opening the page already shown replaces the history entry.
    current.current.navigate(path, { replace: current.current.url === path });
  }, []);
  return <SideNavLinks pathname={location.pathname} onNavigate={handleNavigate} />;
}

interface SideNavLinksProps {
  pathname: string;
  onNavigate: (path: string) => void;
}

/**
 * Memoised on the path: a change of search params (a list filter) does not re-render the navigation. The items are
 * plain anchors, not React Router `Link`s: every `Link` reads the location itself, so twenty of them re-rendered on
 * every filter change of a list (~2 ms each time).
 */
const SideNavLinks = memo(function SideNavLinks({ pathname, onNavigate }: SideNavLinksProps) {
  const role = useAppState((s) => s.auth.user?.role ?? null);
  const permissions = useAppState((s) => s.auth.permissions);
  const collapsed = useAppState((s) => s.auth.menuCollapse);
  const sections = navSectionsFor(ROUTES, role, permissions);
  // A driver or EV owner reaches their own vehicles from the navigation too (issue 18, item 5).
  const roleType = role ? roleTypeOf(role) : null;
  const showMyVehicles =
    (roleType === 'driver' || roleType === 'evOwner') &&
    can(permissions, 'vh.l.d') &&
    can(permissions, DASHBOARD_PANELS['my-vehicles'].permission);
  return (
    <ScrollArea type="never" component="nav" aria-label="Main navigation">
      <Stack gap="md" p={collapsed ? 'xs' : 'sm'}>
        {sections.map((section, index) => (
          <Fragment key={section.group}>
            <Stack gap={2}>
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
                    component="a"
                    href={route.path}
                    onClick={(event: MouseEvent<HTMLAnchorElement>) => {
                      if (isBrowserClick(event)) return;
                      event.preventDefault();
                      onNavigate(route.path);
                    }}
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
            {index === 0 && showMyVehicles ? (
              <MyVehiclesNav
                pathname={pathname}
                collapsed={collapsed}
                onNavigate={onNavigate}
                isBrowserClick={isBrowserClick}
              />
            ) : null}
          </Fragment>
        ))}
      </Stack>
    </ScrollArea>
  );
});
