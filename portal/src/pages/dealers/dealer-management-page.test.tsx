import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ACTION } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string, narrow?: Parameters<typeof signInWithApi>[2]) {
  const store = createTestStore();
  await signInWithApi(store, role, narrow);
  return renderApp(path, { store });
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Service centres' }))
    .getAllByRole('row')
    .slice(1);

describe('/dealer-management', () => {
  test('an OEM admin sees its own service centres; the details show fleets and open tickets', async () => {
    const db = await getWorldDb();
    const own = db.tables.dealers.all().filter((d) => d.oemId === 'oem-01');
    await openAs('OEMA', '/dealer-management?pageSize=100');
    await waitFor(async () => expect(await rows()).toHaveLength(own.length));
    const dealer = db.tables.dealers.get('dlr-0001');
    await userEvent.click(screen.getByRole('button', { name: dealer?.name }));
    const drawer = await screen.findByRole('dialog', { name: dealer?.name });
    const open = db.tables.tickets.all().filter((t) => t.dealerId === 'dlr-0001' && ![5, 6].includes(t.status));
    const fleets = db.tables.fleets.all().filter((f) => f.dealerId === 'dlr-0001');
    expect(await within(drawer).findByRole('heading', { name: `Open tickets (${open.length})` })).toBeInTheDocument();
    expect(within(drawer).getByRole('heading', { name: `Fleets (${fleets.length})` })).toBeInTheDocument();
    expect(within(drawer).getByText(dealer?.email as string)).toBeInTheDocument();
  });

  test('a Super Admin adds a service centre: bad phone, then duplicate e-mail and code, keep what was typed', async () => {
    await openAs('SA', '/dealer-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Add service centre' }));
    const form = await screen.findByRole('dialog', { name: 'Add service centre' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Pune East Service');
    await userEvent.type(within(form).getByLabelText(/^Code/), 'SC0001');
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'service1@dealers.voltline.demo');
    await userEvent.type(within(form).getByLabelText(/^Phone/), '123');
    await userEvent.type(within(form).getByLabelText(/^City/), 'Pune');
    await waitFor(() => expect(within(form).getAllByRole('option').length).toBeGreaterThan(1));
    await userEvent.selectOptions(within(form).getByLabelText(/^OEM/), 'oem-01');
    await userEvent.click(within(form).getByRole('button', { name: 'Add service centre' }));
    expect(await within(form).findByText(/^Enter a phone number of 8 to 15 digits/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/^Phone/));
    await userEvent.type(within(form).getByLabelText(/^Phone/), '+91 20 4000 1234');
    await userEvent.click(within(form).getByRole('button', { name: 'Add service centre' }));
    expect(await within(form).findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(within(form).getByText('Another service centre has this code.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Pune East Service');
    await userEvent.clear(within(form).getByLabelText(/^Code/));
    await userEvent.type(within(form).getByLabelText(/^Code/), 'PUNE-E');
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'pune.east@service.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Add service centre' }));
    const drawer = await screen.findByRole('dialog', { name: 'Pune East Service' });
    expect(within(drawer).getByText('PUNE-E')).toBeInTheDocument();
  });

  test('a list-only role sees no Add and no Export', async () => {
    await openAs('OEMA', '/dealer-management', (d) => ({ ...d, 'sc.l': ACTION.LIST }));
    expect((await rows()).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Add service centre' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test.each(['DA', 'FA', 'DR', 'EVO'] as RoleCode[])('%s gets the 403 page', async (role) => {
    const store = createTestStore();
    signInAs(store, role);
    renderApp('/dealer-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
