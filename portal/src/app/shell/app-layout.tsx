import { AppShell, Box, Stack } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useAppState, useAppStoreApi } from '@/state/store-context';
import { AppBreadcrumbs, useCurrentCrumb } from './app-breadcrumbs';
import { AppFooter } from './app-footer';
import { AppHeader } from './app-header';
import { GuardRevalidator } from './guard-revalidator';
import { SideNav } from './side-nav';
import { SignOutContext } from './sign-out-state';
import classes from './app-layout.module.css';
import { SkipLink } from './skip-link';
import { FullPageLoader } from '@/shared/ui/full-page-loader';

/** The id of the page's `main` element, the skip link's target. */
export const MAIN_CONTENT_ID = 'main-content';

export const NAV_WIDTH = { collapsed: 68, expanded: 260 } as const;

/** The signed-in shell: header, collapsible side navigation, breadcrumbs, the page, and the footer. */
export function AppLayout({ headerExtras }: { headerExtras?: ReactNode }) {
  const collapsed = useAppState((s) => s.auth.menuCollapse);
  const [signingOut, setSigningOut] = useState(false);
  if (signingOut) return <FullPageLoader label="Signing out" />;
  // The layout reads no router state itself: a change of the URL's search params (a list filter) then re-renders
  // only what reads the location, not the whole shell.
  return (
    <SignOutContext.Provider value={setSigningOut}>
      <AppShell
        header={{ height: 60 }}
        navbar={{
          width: collapsed ? NAV_WIDTH.collapsed : NAV_WIDTH.expanded,
          breakpoint: 'sm',
          collapsed: { mobile: collapsed },
        }}
        padding={0}
      >
        <RouteVisitRecorder />
        <GuardRevalidator />
        <SkipLink targetId={MAIN_CONTENT_ID} />
        <AppShell.Header>
          <AppHeader extras={headerExtras} />
        </AppShell.Header>
        <AppShell.Navbar data-collapsed={collapsed} aria-label="Side navigation">
          <SideNav />
        </AppShell.Navbar>
        {/* One `main` landmark: the page's own content below; the shell's scroll container is a plain div. */}
        <AppShell.Main className={classes.main} renderRoot={(props) => <div {...props} />}>
          <Stack mih="calc(100vh - 60px)" gap={0}>
            <Box px={{ base: 'md', md: 'xl' }} pt="md" pb="xs">
              <AppBreadcrumbs />
            </Box>
            <Box
              component="main"
              id={MAIN_CONTENT_ID}
              tabIndex={-1}
              data-skip-target
              className={classes.content}
              px={{ base: 'md', md: 'xl' }}
              pt="md"
              style={{ flex: 1 }}
            >
              <Outlet />
            </Box>
            <Box component="footer" py="md" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
              <AppFooter />
            </Box>
          </Stack>
        </AppShell.Main>
      </AppShell>
    </SignOutContext.Provider>
  );
}

/**
 * Records each visited page (path and title) for the breadcrumb trail; renders nothing. A page the user may not open
 * (it answered 403) or an error page is not recorded: the trail would link back to it.
 */
function RouteVisitRecorder() {
  const store = useAppStoreApi();
  const { crumb, recordable } = useCurrentCrumb();
  const { path, title } = crumb;
  useEffect(() => {
    if (recordable) store.getState().visitRoute({ path, title });
  }, [path, title, recordable, store]);
  return null;
}
