import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestSession, createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

async function renderAs(role: Parameters<typeof signInAs>[1], path: string) {
  const store = createTestStore();
  signInAs(store, role);
  const view = renderApp(path, { store });
  await screen.findByRole('navigation', { name: 'Main navigation' });
  return view;
}

beforeAll(preloadPages, 60_000);

describe('the shell', () => {
  test('shows the product name and a footer with the current year', async () => {
    await renderAs('SA', '/dashboard');
    expect(screen.getByRole('link', { name: 'Voltline' })).toBeInTheDocument();
    expect(screen.getByText(`© ${new Date().getFullYear()} Voltline. All rights reserved.`)).toBeInTheDocument();
  });

  test('starts with the side navigation collapsed and expands it on request', async () => {
    const { store } = await renderAs('SA', '/dashboard');
    const toggle = screen.getByRole('button', { name: 'Expand navigation' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).queryByText('People & access')).not.toBeInTheDocument();
    await userEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Collapse navigation' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByText('People & access')).toBeInTheDocument();
    expect(store.getState().auth.menuCollapse).toBe(false);
  });

  test('lists only the areas a driver may open', async () => {
    await renderAs('DR', '/driver/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const labels = within(nav)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(labels).toEqual(['Dashboard', 'Help & Support']);
  });

  test('lists the administration areas for the Super Admin', async () => {
    await renderAs('SA', '/dashboard');
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Vehicle Management', 'User Management', 'OEM Access', 'Settings', 'Audit Log']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
  });

  test('keeps a breadcrumb trail that resets at the dashboard', async () => {
    const { router } = await renderAs('SA', '/vehicle-management');
    await router.navigate('/vehicle/7');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(trail).getByText('Vehicle Details')).toHaveAttribute('aria-current', 'page'));
    expect(within(trail).getByRole('link', { name: 'Vehicle Management' })).toHaveAttribute(
      'href',
      '/vehicle-management',
    );
    await router.navigate('/dashboard');
    await waitFor(() => expect(within(trail).queryByText('Vehicle Management')).not.toBeInTheDocument());
  });

  test('names a 403 or 404 as the current page, but leaves it out of the trail', async () => {
    const { router } = await renderAs('BMSA', '/bms/master-management');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    await waitFor(() => expect(within(trail).getByText('BMS Management')).toHaveAttribute('aria-current', 'page'));
    await router.navigate('/vehicle-management');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
    expect(within(trail).getByText('Vehicle Management (no access)')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).getByRole('link', { name: 'BMS Management' })).toBeInTheDocument();
    await router.navigate('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(within(trail).getByText('Page not found')).toHaveAttribute('aria-current', 'page');
    expect(within(trail).queryByText('Vehicle Management (no access)')).not.toBeInTheDocument();
    await router.navigate('/bms/details/bms-000001');
    await waitFor(() => expect(within(trail).getByText('BMS Details')).toHaveAttribute('aria-current', 'page'));
    expect(within(trail).getByRole('link', { name: 'BMS Management' })).toBeInTheDocument();
    expect(within(trail).queryByText(/Vehicle Management/)).not.toBeInTheDocument();
    expect(within(trail).queryByText('Page not found')).not.toBeInTheDocument();
  });

  test('folds the middle of a long trail into a menu, and a title already in the trail counts once', async () => {
    const { router } = await renderAs('SA', '/vehicle-management');
    const trail = screen.getByRole('navigation', { name: 'Breadcrumb' });
    // Each visit is recorded once its page has rendered, as a person would see it.
    const visit = async (path: string, title: string) => {
      await router.navigate(path);
      await waitFor(() => expect(within(trail).getByText(title)).toHaveAttribute('aria-current', 'page'));
    };
    const walk = async () => {
      await visit('/audit', 'Audit Log');
      await visit('/hardware-log', 'Hardware Log');
      await visit('/tickets', 'Help & Support');
      await visit('/rule-management', 'Rule Management');
    };
    await walk();
    await visit('/geo-fencing', 'Geofencing');
    await visit('/vehicle-management?status=1', 'Vehicle Management');
    expect(within(trail).getAllByText('Vehicle Management')).toHaveLength(1);
    await walk();
    await visit('/tickets?tab=open', 'Help & Support');
    expect(within(trail).getAllByText('Help & Support')).toHaveLength(1);
    await visit('/rule-management', 'Rule Management');
    await visit('/geo-fencing', 'Geofencing');
    const more = within(trail).getByRole('button', { name: '2 more pages' });
    expect(
      within(trail)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Vehicle Management', 'Help & Support', 'Rule Management']);
    await userEvent.click(more);
    expect(await screen.findByRole('menuitem', { name: 'Audit Log' })).toHaveAttribute('href', '/audit');
    expect(screen.getByRole('menuitem', { name: 'Hardware Log' })).toHaveAttribute('href', '/hardware-log');
  }, 90_000);

  test('signs out from the user menu and returns to the login page', async () => {
    const { router, store } = await renderAs('OEMA', '/dashboard');
    await userEvent.click(screen.getByRole('button', { name: /^OEM Admin Tester .*account menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().auth.isAuthenticated).toBe(false);
  });

  test('resets the demo data only after confirmation', async () => {
    let resets = 0;
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/dashboard', {
      store,
      session: createTestSession({ resetDemoData: async () => void resets++ }),
    });
    await userEvent.click(await screen.findByRole('button', { name: /account menu$/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Reset demo data' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset demo data?' });
    expect(resets).toBe(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset demo data' }));
    expect(await screen.findByText('Demo data restored')).toBeInTheDocument();
    expect(resets).toBe(1);
  });

  test('offers no demo reset outside demo mode', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/dashboard', { store, session: createTestSession({ resetDemoData: null }) });
    await userEvent.click(await screen.findByRole('button', { name: /account menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Reset demo data' })).not.toBeInTheDocument();
  });
});
