import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token, store };
}

describe('profile', () => {
  for (const role of ['DR', 'EVO', 'BMSA'] as const) {
    test(`a ${role} sees their own details, the password form and their sessions`, async () => {
      await openAs(role, '/profile');
      expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toContain(`(${role})`);
      expect(screen.getByRole('table', { name: 'Sessions' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
    });
  }

  test('access is grouped by feature area, collapsed, each page with the actions allowed on it', async () => {
    await openAs('SA', '/profile');
    const vehicles = await screen.findByRole('button', { name: /^Vehicles \d+ pages$/ });
    expect(vehicles).toHaveAttribute('aria-expanded', 'false');
    // No wall of chips: a page's name is not on screen until its area is opened.
    expect(screen.queryByRole('table', { name: 'Vehicles: pages and actions' })).toBeNull();
    await userEvent.click(vehicles);
    const table = await screen.findByRole('table', { name: 'Vehicles: pages and actions' });
    const row = within(table).getByRole('row', { name: /^Vehicle Management / });
    expect(row).toHaveTextContent(/List\/read, Add, Update, Delete/);
  });

  test('a driver sees only the areas their role opens', async () => {
    await openAs('DR', '/profile');
    await screen.findByRole('button', { name: /^Dashboards \d+ pages?$/ });
    expect(screen.queryByRole('button', { name: /^BMS \d+ pages?$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Users & access/ })).toBeNull();
  });

  test('a taken e-mail is a field error and the typed details stay; a valid edit updates the header name', async () => {
    const { store } = await openAs('FA', '/profile');
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Farah Fleet');
    const email = screen.getByLabelText('E-mail');
    await userEvent.clear(email);
    await userEvent.type(email, 'sa@voltline.demo');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(name).toHaveValue('Farah Fleet');
    await userEvent.clear(email);
    await userEvent.type(email, 'farah@fleet.example');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(store.getState().auth.user?.name).toBe('Farah Fleet'));
    expect(store.getState().auth.user?.email).toBe('farah@fleet.example');
  });

  test('signs out the other sessions after confirming', async () => {
    const other = await signIn('OEMA');
    await openAs('OEMA', '/profile');
    const table = await screen.findByRole('table', { name: 'Sessions' });
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThanOrEqual(3));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out other sessions' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out other sessions' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out others' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('This session')).toBeInTheDocument();
    expect((await call('GET', '/profile', { token: other })).status).toBe(401);
  });
});
