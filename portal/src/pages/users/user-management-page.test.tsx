import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { defaultPermissionsFor } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string, options: { session?: 'api' } = {}) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store, ...options }), token, store };
}

const userRows = async () =>
  within(await screen.findByRole('table', { name: 'Users' }))
    .getAllByRole('row')
    .slice(1);

describe('Users tab', () => {
  test('a Super Admin sees accounts with role, organisation, status and last sign-in, and searches them', async () => {
    await openAs('SA', '/user-management?q=fa@voltline.demo');
    await waitFor(async () => expect(await userRows()).toHaveLength(1));
    const [row] = await userRows();
    expect(row).toHaveTextContent('fa@voltline.demo');
    expect(row).toHaveTextContent('Fleet Admin');
    expect(row).toHaveTextContent('Active');
    for (const tab of ['Users', 'Role & Permissions', 'Device Group'])
      expect(screen.getByRole('tab', { name: tab })).toBeInTheDocument();
  });

  test('a Fleet Admin sees only the accounts of its fleet and no Role & Permissions tab', async () => {
    await openAs('FA', '/user-management?pageSize=100');
    await waitFor(async () => expect(await userRows()).toHaveLength(4));
    expect(screen.queryByRole('tab', { name: 'Role & Permissions' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Device Group' })).toBeInTheDocument();
  });

  test('inviting with a used e-mail shows the field error and keeps what was typed; then the one-time password', async () => {
    await openAs('FA', '/user-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite user' });
    await userEvent.type(within(dialog).getByLabelText(/^Name/), 'Ravi Kumar');
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'fe@voltline.demo');
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '12ab');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(2));
    await userEvent.selectOptions(within(dialog).getByLabelText(/^Role/), 'FE');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(await within(dialog).findByText(/^Enter a phone number of 8 to 15 digits/)).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^Phone/));
    await userEvent.type(within(dialog).getByLabelText(/^Phone/), '+91 98450 12345');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    expect(await within(dialog).findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Ravi Kumar');
    await userEvent.clear(within(dialog).getByLabelText(/^E-mail/));
    await userEvent.type(within(dialog).getByLabelText(/^E-mail/), 'ravi.kumar@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Invite user' }));
    const shown = await screen.findByRole('dialog', { name: 'One-time password' });
    expect(within(shown).getByText(/^Vl-[0-9a-f]{10}$/)).toBeInTheDocument();
    const sa = await signIn('SA');
    const found = await call('GET', '/users?q=ravi.kumar', { token: sa });
    expect(found.body.items[0]).toMatchObject({ role: 'FE', fleetId: 'flt-0001', phone: '+91 98450 12345' });
  });

  test('deactivating asks first, then shows the account inactive', async () => {
    await openAs('SA', '/user-management?q=fe@voltline.demo');
    await waitFor(async () => expect(await userRows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /^Actions for / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () => expect((await userRows())[0]).toHaveTextContent('Inactive'));
  });

  test('a driver gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'DR');
    renderApp('/user-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});

describe('Role & Permissions tab', () => {
  test('lists roles with their holders and previews a role by the guard', async () => {
    await openAs('SA', '/user-management?tab=role-permissions');
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(within(table).getByRole('link', { name: 'Fleet Admin' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Role to preview' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Driver' }));
    expect(await screen.findByText(/Pages it opens \(\d+ of \d+\)/)).toBeInTheDocument();
    const preview = screen.getByLabelText('Effective access');
    expect(within(preview).getByLabelText('User management, Users: hidden')).toBeInTheDocument();
    expect(within(preview).getByText('Driver Dashboard', { exact: false })).toBeInTheDocument();
  });

  test('opens the portal as the demo account of a previewed role', async () => {
    const { router, store } = await openAs('SA', '/user-management?tab=role-permissions');
    await userEvent.click(await screen.findByRole('textbox', { name: 'Role to preview' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fleet Admin' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Open the portal as Fleet Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleet/dashboard'));
    expect(store.getState().auth.user?.role).toBe('FA');
  });

  test('an OEM employee may view roles but not edit them', async () => {
    const store = createTestStore();
    await signInWithApi(store, 'SE');
    renderApp('/user-management?tab=role-permissions', { store });
    expect(await screen.findByRole('table', { name: 'Roles' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.getByText(/You may view roles/)).toBeInTheDocument();
  });
});

describe('editing asks for Update, creating for Add', () => {
  test('a role with Update but no Add on roles and groups may edit them and may not create one', async () => {
    const store = createTestStore();
    await signInWithApi(store, 'SA', (d) => ({ ...d, 'su.RP': 1 | 4, 'su.DG': 1 | 4 }));
    const { router } = renderApp('/user-management?tab=role-permissions', { store });
    const table = await screen.findByRole('table', { name: 'Roles' });
    expect(screen.queryByText('New role')).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('link', { name: 'Fleet Admin' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/write-role'));
    expect(await screen.findByRole('heading', { name: 'Role Permission' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You do not have access to this page' })).not.toBeInTheDocument();
  });
});

describe('a role change applies on the next request', () => {
  test('when a 403 arrives the portal refreshes its permissions and shows the 403 page', async () => {
    const sa = await signIn('SA');
    const { su: _su, ...withoutUsers } = defaultPermissionsFor('FA');
    const { router } = await openAs('FA', '/dashboard', { session: 'api' });
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    const revoke = await call('PATCH', '/roles/FA', { token: sa, body: { permissions: withoutUsers } });
    expect(revoke.status).toBe(200);
    await router.navigate('/user-management');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
