import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '@/mocks/test/api-test-client';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const store = createTestStore();
  const token = await signInWithApi(store, role);
  return { ...renderApp(path, { store }), token, store };
}

describe('role editor', () => {
  test('a role with no permission is refused and keeps its name; with one it is created', async () => {
    const { router } = await openAs('SA', '/write-role');
    await userEvent.type(await screen.findByLabelText(/^Role name/), 'Fleet auditor');
    await userEvent.selectOptions(screen.getByLabelText(/^Based on/), 'FE');
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    expect(await screen.findByText('Give the role at least one permission.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Role name/)).toHaveValue('Fleet auditor');
    await userEvent.type(screen.getByLabelText('Search permissions'), 'audit');
    // Export ticks List too; only the bits that apply to Audit History have a box.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Audit History: Export' }));
    expect(screen.getByRole('checkbox', { name: 'Audit History: List/read' })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: 'Audit History: Geofence' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=role-permissions'));
    const sa = await signIn('SA');
    const roles = await call('GET', '/roles?q=Fleet auditor', { token: sa });
    expect(roles.body.items[0]).toMatchObject({ code: 'FE', builtIn: false, permissions: { ah: 129 } });
  });

  test('a group toggle ticks a column for every key of the area', async () => {
    await openAs('SA', '/write-role');
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Reports & audit: Export for every permission' }),
    );
    for (const label of ['Analysis', 'Carbon Emission', 'Audit History'])
      expect(screen.getByRole('checkbox', { name: `${label}: Export` })).toBeChecked();
  });

  test('an OEM Admin cannot tick what it does not hold', async () => {
    await openAs('OEMA', '/write-role');
    await userEvent.type(await screen.findByLabelText('Search permissions'), 'OEM Access');
    expect(screen.getByRole('checkbox', { name: 'OEM Access: List/read' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'OEM Access: List/read' })).not.toBeChecked();
  });

  test('cloning starts from the role and saves a new one', async () => {
    await openAs('SA', '/write-role?from=FE');
    expect(await screen.findByLabelText(/^Role name/)).toHaveValue('Copy of Fleet Employee');
    expect(screen.getByRole('checkbox', { name: 'Driver Management: List/read' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Create role' }));
    const sa = await signIn('SA');
    await waitFor(async () =>
      expect((await call('GET', '/roles?q=Copy of Fleet Employee', { token: sa })).body.total).toBe(1),
    );
  });

  test('editing a built-in role changes what its holders may do on their next request', async () => {
    const fe = await signIn('FE');
    expect((await call('GET', '/audit', { token: fe })).status).toBe(403);
    await openAs('SA', '/write-role?id=FE');
    await userEvent.type(await screen.findByLabelText('Search permissions'), 'Audit History');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Audit History: List/read' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save role' }));
    await waitFor(async () => expect((await call('GET', '/audit', { token: fe })).status).toBe(200));
  });

  test('the Super Admin role is shown locked', async () => {
    await openAs('SA', '/write-role?id=SA');
    expect(await screen.findByText(/always holds every permission/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save role' })).toBeDisabled();
  });

  test('a Fleet Admin (no Role & Permission) gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'FA');
    renderApp('/write-role', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
