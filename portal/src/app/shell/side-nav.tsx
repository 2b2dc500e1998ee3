import { ScrollArea, Stack } from '@mantine/core';
import { Fragment, memo, useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { ROUTE_TABLE } from '@/app/route-table';
import { DASHBOARD_PANELS } from '@/domain/dashboard-panels';
import { can } from '@/domain/permissions';
import { roleTypeOf } from '@/domain/roles';
import { navSectionsFor } from '@/domain/route-access';
import { useAppState } from '@/state/store-context';
import { MyVehiclesNav } from './my-vehicles-nav';
import { isActive, NavItem, NavSectionLabel } from './nav-item';

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
  const sections = navSectionsFor(ROUTE_TABLE, role, permissions);
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
              <NavSectionLabel collapsed={collapsed}>{section.label}</NavSectionLabel>
              {section.routes.map((route) => (
                <NavItem
                  key={route.id}
                  href={route.path}
                  label={route.nav?.label ?? route.title}
                  icon={route.nav!.icon}
                  active={isActive(pathname, route.path)}
                  collapsed={collapsed}
                  onNavigate={onNavigate}
                />
              ))}
            </Stack>
            {index === 0 && showMyVehicles ? (
              <MyVehiclesNav pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} />
            ) : null}
          </Fragment>
        ))}
      </Stack>
    </ScrollArea>
  );
});
