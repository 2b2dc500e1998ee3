import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ACTION } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { call, signIn } from '@/mocks/test/api-test-client';
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
  within(await screen.findByRole('table', { name: 'Fleets' }))
    .getAllByRole('row')
    .slice(1);

async function menuOf(name: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  return (await screen.findAllByRole('menuitem')).map((m) => m.textContent);
}

describe('/dealer/fleet-management', () => {
  test('a service centre admin sees only its own fleets, adds one, assigns a vehicle and sees it in the details', async () => {
    const db = await getWorldDb();
    const own = db.tables.fleets.all().filter((f) => f.dealerId === 'dlr-0001');
    await openAs('DA', '/dealer/fleet-management?pageSize=100');
    await waitFor(async () => expect(await rows()).toHaveLength(own.length));

    await userEvent.click(screen.getByRole('button', { name: 'Add fleet' }));
    const form = await screen.findByRole('dialog', { name: 'Add fleet' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Green Riders');
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'ops1@fleets.voltline.demo');
    await userEvent.type(within(form).getByLabelText(/^Phone/), '98ab');
    await userEvent.type(within(form).getByLabelText(/^City/), 'Pune');
    await userEvent.click(within(form).getByRole('button', { name: 'Add fleet' }));
    expect(await within(form).findByText(/^Enter a phone number of 8 to 15 digits/)).toBeInTheDocument();
    await userEvent.clear(within(form).getByLabelText(/^Phone/));
    await userEvent.type(within(form).getByLabelText(/^Phone/), '+91 98450 12345');
    await userEvent.click(within(form).getByRole('button', { name: 'Add fleet' }));
    expect(await within(form).findByText('This e-mail address is already in use.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Green Riders');
    expect(within(form).getByLabelText(/^Phone/)).toHaveValue('+91 98450 12345');
    await userEvent.clear(within(form).getByLabelText(/^E-mail/));
    await userEvent.type(within(form).getByLabelText(/^E-mail/), 'ops@greenriders.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Add fleet' }));

    const drawer = await screen.findByRole('dialog', { name: 'Green Riders' });
    expect(await within(drawer).findByText('No vehicles are assigned to this fleet.')).toBeInTheDocument();
    expect(within(drawer).getByText('This fleet has no drivers yet.')).toBeInTheDocument();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Assign vehicles' }));
    const picker = await screen.findByRole('dialog', { name: 'Assign vehicles to Green Riders' });
    const choices = await within(picker).findAllByRole('checkbox');
    const registration = choices[0]?.getAttribute('aria-label') as string;
    await userEvent.click(choices[0] as HTMLElement);
    await userEvent.click(within(picker).getByRole('button', { name: 'Assign' }));
    const after = await screen.findByRole('dialog', { name: 'Green Riders' });
    const vehicles = await within(after).findByRole('table', { name: 'Vehicles' });
    expect(within(vehicles).getByRole('link', { name: registration })).toBeInTheDocument();
    const sa = await signIn('SA');
    const audit = await call('GET', '/audit?q=Green%20Riders', { token: sa });
    expect(audit.body.items.map((a: { action: string }) => a.action).sort()).toEqual(['Add', 'Assign']);
  });

  test('deactivating asks first, then shows the fleet inactive', async () => {
    const db = await getWorldDb();
    const first = db.tables.fleets
      .all()
      .filter((f) => f.dealerId === 'dlr-0001' && f.status === 1)
      .sort((a, b) => a.name.localeCompare(b.name))[0];
    await openAs('DA', `/dealer/fleet-management?q=${encodeURIComponent(first?.name ?? '')}`);
    await waitFor(async () => expect(await rows()).toHaveLength(1));
    await menuOf(first?.name ?? '');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate fleet' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('Inactive'));
  });
});

describe('/fleet-management', () => {
  test('an OEM employee may add and edit but not deactivate or assign; the list has the service centre column', async () => {
    await openAs('OEME', '/fleet-management');
    const [row] = await rows();
    expect(screen.getByRole('columnheader', { name: /Service centre/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add fleet' })).toBeInTheDocument();
    const name = within(row as HTMLElement).getAllByRole('button')[0]?.textContent as string;
    expect(await menuOf(name)).toEqual(['View details', 'Edit']);
  });

  test('a list-only role sees the fleets but no Add, no Export and only View details', async () => {
    await openAs('OEMA', '/fleet-management', (d) => ({ ...d, 'fleet.l': ACTION.LIST }));
    const [row] = await rows();
    expect(screen.queryByRole('button', { name: 'Add fleet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    const name = within(row as HTMLElement).getAllByRole('button')[0]?.textContent as string;
    expect(await menuOf(name)).toEqual(['View details']);
  });

  test.each(['FA', 'DR', 'EVO'] as RoleCode[])('%s gets the 403 page', async (role) => {
    const store = createTestStore();
    signInAs(store, role);
    renderApp('/fleet-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
