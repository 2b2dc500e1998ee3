import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ASSIGNABLE_ROLES, ROLE_LABELS, type RoleCode } from '@/domain/roles';
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

const rowsOf = async (name: string) =>
  within(await screen.findByRole('table', { name }))
    .getAllByRole('row')
    .slice(1);

describe('access management', () => {
  test('a Super Admin sees grants with their status: active, expired and revoked', async () => {
    await openAs('SA', '/access-management?pageSize=100');
    await waitFor(async () => expect((await rowsOf('Access grants')).length).toBeGreaterThanOrEqual(4));
    const text = (await rowsOf('Access grants')).map((r) => r.textContent ?? '');
    expect(text.some((t) => t.includes('Expired'))).toBe(true);
    expect(text.some((t) => t.includes('Revoked'))).toBe(true);
    expect(text.some((t) => t.includes('Device kind: All BMS devices'))).toBe(true);
    // OEM access grants belong to the other page.
    expect(text.some((t) => t.includes('fleet') && t.includes('OEM fleet'))).toBe(false);
  });

  test('the status filter asks the server and shows only expired grants', async () => {
    const { router } = await openAs('SA', '/access-management');
    await screen.findByRole('table', { name: 'Access grants' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'expired');
    await waitFor(async () => {
      const rows = await rowsOf('Access grants');
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row).toHaveTextContent('Expired');
    });
    expect(router.state.location.search).toContain('status=expired');
  });

  test('the grant form offers exactly the roles of spec §6 for the kind, and keeps what was typed on errors', async () => {
    await openAs('SA', '/access-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant access' });
    const roleOptions = () =>
      within(within(dialog).getByLabelText(/^Role/))
        .getAllByRole('option')
        .slice(1)
        .map((o) => o.textContent);
    expect(roleOptions()).toEqual(ASSIGNABLE_ROLES.ev.map((r) => ROLE_LABELS[r]));
    await userEvent.selectOptions(within(dialog).getByLabelText('Component kind'), 'mcu');
    expect(roleOptions()).toEqual(ASSIGNABLE_ROLES.mcu.map((r) => ROLE_LABELS[r]));
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Device kind' }));
    expect(roleOptions()).toEqual(['BMS Admin', 'MCU Admin', 'VCU Admin']);
    // EV is not a device kind.
    const kinds = within(within(dialog).getByLabelText('Component kind')).getAllByRole('option');
    expect(kinds.map((o) => o.textContent)).toEqual(['BMS', 'MCU', 'VCU']);
    await userEvent.type(within(dialog).getByLabelText(/^Note/), 'Pilot');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    expect(within(dialog).getByText('Choose the role the grantee gets.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Note/)).toHaveValue('Pilot');

    await userEvent.selectOptions(within(dialog).getByLabelText(/^Role/), 'MCUA');
    await userEvent.click(within(dialog).getByRole('textbox', { name: 'Component admin' }));
    await userEvent.click(await screen.findByRole('option', { name: /mcua@voltline\.demo/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grant access' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Grant access' })).not.toBeInTheDocument());
    const sa = await signIn('SA');
    const listed = await call('GET', '/access-grants?filter[roleCode]=MCUA', { token: sa });
    expect(listed.body.items[0]).toMatchObject({ kind: 'mcu', target: 'deviceKind', status: 'active', note: 'Pilot' });
  });

  test('revoking asks first, then shows the grant revoked', async () => {
    await openAs('SA', '/access-management?status=active&target=deviceKind');
    await waitFor(async () => expect(await rowsOf('Access grants')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /^Actions for / }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke access' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    await waitFor(async () => expect(screen.queryByRole('table', { name: 'Access grants' })).toBeInTheDocument());
    const sa = await signIn('SA');
    const after = await call('GET', '/access-grants?filter[target]=deviceKind', { token: sa });
    expect(after.body.items[0].status).toBe('revoked');
  });

  test('an OEM Employee reads the list but may not grant or revoke', async () => {
    await openAs('OEME', '/access-management');
    await screen.findByRole('table', { name: 'Access grants' });
    expect(screen.queryByRole('button', { name: 'Grant access' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
  });

  test('a Service Center Admin gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'DA');
    renderApp('/access-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});

describe('OEM access', () => {
  test('a Super Admin sees OEM access grants only, the expired one marked expired', async () => {
    await openAs('SA', '/oem-access');
    await waitFor(async () => expect(await rowsOf('OEM access grants')).toHaveLength(2));
    const text = (await rowsOf('OEM access grants')).map((r) => r.textContent ?? '').join('\n');
    expect(text).toContain('Active');
    expect(text).toContain('Expired');
  });

  test('the OEM access form offers Service Center Admin and Fleet Admin only', async () => {
    await openAs('SA', '/oem-access');
    await userEvent.click(await screen.findByRole('button', { name: 'Grant access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grant OEM access' });
    const options = within(within(dialog).getByLabelText(/^Role/))
      .getAllByRole('option')
      .slice(1)
      .map((o) => o.textContent);
    expect(options).toEqual(['Service Center Admin', 'Fleet Admin']);
  });

  test('an OEM Admin (no oem.l) gets the 403 page', async () => {
    const store = createTestStore();
    signInAs(store, 'OEMA');
    renderApp('/oem-access', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
