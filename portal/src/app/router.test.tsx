import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';
import { ERROR_SCREEN_LINES } from './shell/error-screen';

beforeAll(preloadPages, 60_000);

describe('routing and guards', () => {
  test('sends a visitor to the login page, remembering the wanted page', async () => {
    const { router } = renderApp('/vehicle/12?tab=commands');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?returnTo=%2Fvehicle%2F12%3Ftab%3Dcommands');
  });

  test('returns to the wanted page after login', async () => {
    const { router } = renderApp('/audit');
    await userEvent.click(await screen.findByRole('button', { name: /^Super Admin / }));
    expect(await screen.findByRole('heading', { name: 'Audit Log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/audit');
  });

  test('shows 403 inside the shell on a link the role may not open', async () => {
    const store = createTestStore();
    signInAs(store, 'DR');
    renderApp('/user-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  test('opens a role to edit with the Update bit alone, and refuses a new role without the Add bit', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    const { auth } = store.getState();
    store
      .getState()
      .login({ user: auth.user!, token: auth.token!, permissions: { ...auth.permissions, 'su.RP': 1 | 4 } });
    const { router } = renderApp('/write-role?id=role-1', { store });
    expect(await screen.findByRole('heading', { name: 'Role Permission' })).toBeInTheDocument();
    await router.navigate('/write-role');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });

  test('shows 404 on an unknown path', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/no/such/page', { store });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Page not found | Voltline'));
  });

  test('redirects the root path to the dashboard of the signed-in role', async () => {
    const store = createTestStore();
    signInAs(store, 'DA');
    const { router } = renderApp('/', { store });
    expect(await screen.findByText(/Welcome back, Service Center Admin Tester/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dealer/dashboard');
  });

  test('redirects a signed-in user away from the login page', async () => {
    const store = createTestStore();
    signInAs(store, 'BMSA');
    const { router } = renderApp('/login', { store });
    await waitFor(() => expect(router.state.location.pathname).toBe('/bms/dashboard'));
  });

  test('sets the document title from the route table', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/firmware-update-history', { store });
    expect(await screen.findByRole('heading', { name: 'Device OTA History' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Device OTA History | Voltline'));
  });

  test('shows the full-page error screen with its three lines when a page fails to render', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/__demo/crash', { store });
    for (const line of ERROR_SCREEN_LINES) expect(await screen.findByText(line)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
    spy.mockRestore();
  });

  test('has no crash route outside demo builds', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/__demo/crash', { store, includeDemoRoutes: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
