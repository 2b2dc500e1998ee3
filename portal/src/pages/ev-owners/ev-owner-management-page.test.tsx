import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

const downloads = vi.hoisted(() => [] as { name: string; csv: string }[]);
vi.mock('@/shared/ui/data-table/download-csv', () => ({
  downloadCsv: (name: string, csv: string) => downloads.push({ name, csv }),
}));

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const store = createTestStore();
  await signInWithApi(store, role);
  return renderApp(path, { store });
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'EV owners' }))
    .getAllByRole('row')
    .slice(1);

describe('EV owner management', () => {
  test('a service centre sees only its own owners on /dealer/ev-owner-management, and an owner’s vehicles', async () => {
    const db = await getWorldDb();
    const own = db.tables.evOwners.all().filter((o) => o.dealerId === 'dlr-0001');
    await openAs('DA', '/dealer/ev-owner-management?pageSize=100');
    await waitFor(async () => expect(await rows()).toHaveLength(own.length));
    const owner = db.tables.evOwners.get('evo-000001');
    const vehicles = db.tables.vehicles.all().filter((v) => v.evOwnerId === 'evo-000001');
    await userEvent.click(screen.getByRole('button', { name: owner?.name }));
    const drawer = await screen.findByRole('dialog', { name: owner?.name });
    expect(await within(drawer).findByRole('heading', { name: `Vehicles (${vehicles.length})` })).toBeInTheDocument();
  });

  test('editing with an invalid phone and a used e-mail shows field errors and keeps what was typed', async () => {
    const db = await getWorldDb();
    const owner = db.tables.evOwners.get('evo-000001');
    const other = db.tables.evOwners.all().find((o) => o.id !== 'evo-000001');
    await openAs('SA', `/ev-owner-management?q=${encodeURIComponent(owner?.email ?? '')}`);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${owner?.name}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const form = await screen.findByRole('dialog', { name: `Edit ${owner?.name}` });
    await userEvent.clear(within(form).getByLabelText(/^Phone/));
    await userEvent.type(within(form).getByLabelText(/^Phone/), 'call me');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText(/^Enter a phone number of 8 to 15 digits/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/^Phone/));
    await userEvent.type(within(form).getByLabelText(/^Phone/), '+44 20 7946 0000');
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), other?.email as string);
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Phone/)).toHaveValue('+44 20 7946 0000');
  });

  test('the export holds the rows matching the search, with contact data', async () => {
    const db = await getWorldDb();
    const owner = db.tables.evOwners.get('evo-000001');
    await openAs('DA', `/dealer/ev-owner-management?q=${encodeURIComponent(owner?.email ?? '')}`);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [header, row, ...rest] = (downloads[0]?.csv ?? '').trim().split(/\r?\n/);
    expect(downloads[0]?.name).toBe('ev-owners.csv');
    expect(header).toBe('Name,E-mail,Phone,City,Address,Status,Added');
    expect(row).toContain(owner?.email);
    expect(row).toContain(owner?.phone);
    expect(rest).toEqual([]);
  });

  test.each([
    ['FA', '/ev-owner-management'],
    ['DR', '/ev-owner-management'],
    ['EVO', '/ev-owner-management'],
    ['FA', '/dealer/ev-owner-management'],
  ] as [RoleCode, string][])('%s gets the 403 page on %s', async (role, path) => {
    const store = createTestStore();
    signInAs(store, role);
    renderApp(path, { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
