import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps, type ForwardRefRenderFunction, forwardRef } from 'react';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { HttpResponse, http } from 'msw';
import { dashboardPathFor } from '@/domain/roles';
import { server } from '@/mocks/node';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

// Counts renders of React Router links by target: a link reads the location itself, so it re-renders on every URL
// change even inside a memoised parent. The link's own render function runs inside the counting one, so the count
// includes the renders its context reads cause.
const linkRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('react-router-dom', async (importOriginal) => {
  const router = await importOriginal<typeof import('react-router-dom')>();
  type LinkProps = ComponentProps<typeof router.Link>;
  const render = (router.Link as unknown as { render: ForwardRefRenderFunction<HTMLAnchorElement, LinkProps> }).render;
  const Link = forwardRef<HTMLAnchorElement, LinkProps>(function CountedLink(props, ref) {
    const to = String(props.to);
    linkRenders.set(to, (linkRenders.get(to) ?? 0) + 1);
    return render(props, ref);
  });
  return { ...router, Link };
});

beforeAll(preloadPages, 60_000);

async function renderAt(path: string) {
  const store = createTestStore();
  signInAs(store, 'SA');
  const view = renderApp(path, { store });
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...view, nav };
}

describe('the side navigation', () => {
  test('opens the page of a clicked item', async () => {
    const { router, nav } = await renderAt('/dashboard');
    await userEvent.click(within(nav).getByRole('link', { name: 'User Management' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user-management'));
    expect(within(nav).getByRole('link', { name: 'User Management' })).toHaveAttribute('href', '/user-management');
  });

  test('marks the item of the current page as active', async () => {
    const { nav } = await renderAt('/vehicle-management');
    expect(within(nav).getByRole('link', { name: 'Vehicle Management' })).toHaveAttribute('data-active', 'true');
    expect(within(nav).getByRole('link', { name: 'User Management' })).not.toHaveAttribute('data-active');
  });

  test('leaves a click with a modifier key (new tab or window) to the browser', async () => {
    const { router, nav } = await renderAt('/dashboard');
    const link = within(nav).getByRole('link', { name: 'User Management' });
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { metaKey: true });
    fireEvent.click(link, { shiftKey: true });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  test('replaces the history entry when the current page is opened again', async () => {
    const { router, nav } = await renderAt('/vehicle-management');
    await userEvent.click(within(nav).getByRole('link', { name: 'Vehicle Management' }));
    await waitFor(() => expect(router.state.historyAction).toBe('REPLACE'));
    expect(router.state.location.pathname).toBe('/vehicle-management');
  });

  test('does not re-render its links when only the search params change (a list filter)', async () => {
    const { router, nav } = await renderAt('/vehicle-management');
    // Paths only the navigation links to (the breadcrumb's links re-render with the location, by design).
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href') ?? '');
    const navPaths = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((path) => hrefs.filter((href) => href === path).length === 1);
    expect(navPaths.length).toBeGreaterThan(10);
    const count = () => navPaths.reduce((sum, path) => sum + (linkRenders.get(path) ?? 0), 0);
    const before = count();
    const status = await screen.findByLabelText('Status');
    await router.navigate('/vehicle-management?status=1');
    await waitFor(() => expect(status).toHaveValue('1'));
    await router.navigate('/vehicle-management?status=0');
    // The page shows the new filter: React has rendered the new location.
    await waitFor(() => expect(status).toHaveValue('0'));
    expect(count()).toBe(before);
  });
});

// Issue 18, item 5: a driver or an EV owner reaches their own vehicle from the navigation, not only the dashboard.
describe('My vehicles in the navigation', () => {
  for (const role of ['DR', 'EVO'] as const) {
    test(`${role}: links each own vehicle to its details page`, async () => {
      const { store } = await signInWithDemoWorld(role);
      const { router } = renderApp(dashboardPathFor(role), { store });
      const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
      // The navigation starts collapsed (icons with names): the vehicle links are found by where they lead.
      const vehicleLinks = await waitFor(() => {
        const found = within(nav)
          .getAllByRole('link')
          .filter((link) => /^\/vehicle\/veh-\d{6}$/.test(link.getAttribute('href') ?? ''));
        expect(found.length).toBeGreaterThan(0);
        return found;
      });
      expect(vehicleLinks.length).toBeGreaterThan(0);
      await userEvent.click(vehicleLinks[0]!);
      const href = vehicleLinks[0]!.getAttribute('href');
      await waitFor(() => expect(router.state.location.pathname).toBe(href));
      await waitFor(() =>
        expect(within(nav).getByRole('link', { name: vehicleLinks[0]!.getAttribute('aria-label')! })).toHaveAttribute(
          'data-active',
          'true',
        ),
      );
    });
  }

  test('says so when the vehicles cannot be loaded', async () => {
    server.use(
      http.get('*/dashboard-data/my-vehicles', () =>
        HttpResponse.json({ code: 'boom', message: 'Server down' }, { status: 500 }),
      ),
    );
    const { store } = await signInWithDemoWorld('DR');
    renderApp(dashboardPathFor('DR'), { store });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(await within(nav).findByRole('alert')).toHaveTextContent(/Could not load your vehicles/);
  });

  test('is not shown to other roles', async () => {
    const { nav } = await renderAt('/dashboard');
    await within(nav).findByRole('link', { name: 'User Management' });
    const vehicleLinks = within(nav)
      .getAllByRole('link')
      .filter((link) => (link.getAttribute('href') ?? '').startsWith('/vehicle/'));
    expect(vehicleLinks).toEqual([]);
  });
});
