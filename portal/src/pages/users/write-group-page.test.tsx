import { screen, waitFor, within } from '@testing-library/react';
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

describe('device groups', () => {
  test('a group with no owner is refused and keeps what was typed; with an owner it is created', async () => {
    const { router } = await openAs('FA', '/write-group');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Night shift');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Choose who owns the group.')).toBeInTheDocument();
    expect(screen.getByText('Choose the owner of the group.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Night shift');
    await userEvent.selectOptions(screen.getByLabelText(/^Owner kind/), 'fleet');
    await userEvent.click(screen.getByRole('textbox', { name: 'Owner' }));
    const options = await within(await screen.findByRole('listbox')).findAllByRole('option');
    expect(options).toHaveLength(1);
    await userEvent.click(options[0] as HTMLElement);
    await userEvent.selectOptions(screen.getByLabelText('Status'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=device-group'));
    const rows = within(await screen.findByRole('table', { name: 'Device groups' })).getAllByRole('row');
    expect(rows.some((r) => r.textContent?.includes('Night shift'))).toBe(true);
  });

  test('picks vehicles of the owner only', async () => {
    await openAs('SA', '/write-group');
    await userEvent.type(await screen.findByLabelText(/^Name/), 'Pilot 2');
    await userEvent.selectOptions(screen.getByLabelText(/^Owner kind/), 'fleet');
    await userEvent.click(screen.getByRole('textbox', { name: 'Owner' }));
    await userEvent.click((await within(await screen.findByRole('listbox')).findAllByRole('option'))[0] as HTMLElement);
    await userEvent.click(screen.getByRole('radio', { name: 'Picked vehicles' }));
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    expect(await screen.findByText('Pick at least one vehicle.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Vehicles' }));
    await userEvent.click((await within(await screen.findByRole('listbox')).findAllByRole('option'))[0] as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Create group' }));
    const sa = await signIn('SA');
    await waitFor(async () => {
      const found = await call('GET', '/device-groups?q=Pilot 2', { token: sa });
      expect(found.body.items[0]).toMatchObject({ mode: 'pick', ownerKind: 'fleet' });
      expect(found.body.items[0].vehicleIds).toHaveLength(1);
    });
  });

  test('edits a group and deletes one after confirmation', async () => {
    await openAs('FA', '/write-group?id=dgr-0003');
    expect(await screen.findByLabelText(/^Name/)).toHaveValue('Pilot vehicles');
    await userEvent.clear(screen.getByLabelText(/^Name/));
    await userEvent.type(screen.getByLabelText(/^Name/), 'Pilot fleet');
    await userEvent.click(screen.getByRole('button', { name: 'Save group' }));
    const table = await screen.findByRole('table', { name: 'Device groups' });
    await waitFor(() => expect(within(table).getByText('Pilot fleet')).toBeInTheDocument());
    await userEvent.click(within(table).getByRole('button', { name: 'Actions for Whole fleet' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete device group' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete group' }));
    await waitFor(() => expect(within(table).queryByText('Whole fleet')).not.toBeInTheDocument());
  });

  test('a Fleet Employee gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'FE');
    renderApp('/write-group', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
