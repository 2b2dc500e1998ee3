import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const store = createTestStore();
  await signInWithApi(store, role);
  return renderApp(path, { store });
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Drivers' }))
    .getAllByRole('row')
    .slice(1);

describe('/fleet/driver-management', () => {
  test('a fleet admin sees its drivers with licence data, and a driver’s details show the vehicles it drives', async () => {
    const db = await getWorldDb();
    const own = db.tables.drivers.all().filter((d) => d.fleetId === 'flt-0001');
    await openAs('FA', '/fleet/driver-management');
    await waitFor(async () => expect(await rows()).toHaveLength(own.length));
    expect(screen.queryByRole('columnheader', { name: /^Fleet/ })).not.toBeInTheDocument();
    const driver = db.tables.drivers.get('drv-00001');
    const vehicle = db.tables.vehicles.all().find((v) => v.driverId === 'drv-00001');
    expect((await rows()).some((r) => r.textContent?.includes(driver?.licenseNumber as string))).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: driver?.name }));
    const drawer = await screen.findByRole('dialog', { name: driver?.name });
    expect(within(drawer).getByText('Licence expires on')).toBeInTheDocument();
    const table = await within(drawer).findByRole('table', { name: 'Assigned vehicles' });
    expect(within(table).getByRole('link', { name: vehicle?.registrationNumber })).toBeInTheDocument();
  });

  test('unassigning one of a driver’s vehicles asks first, then it is gone from the driver’s details', async () => {
    const db = await getWorldDb();
    const driver = db.tables.drivers.get('drv-00001');
    const vehicle = db.tables.vehicles.all().find((v) => v.driverId === 'drv-00001');
    await openAs('FA', `/fleet/driver-management?q=${encodeURIComponent(driver?.name ?? '')}`);
    await userEvent.click(await screen.findByRole('button', { name: driver?.name }));
    const drawer = await screen.findByRole('dialog', { name: driver?.name });
    await userEvent.click(
      await within(drawer).findByRole('button', { name: `Unassign ${vehicle?.registrationNumber}` }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Unassign vehicle' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Unassign' }));
    await waitFor(() =>
      expect(within(drawer).queryByRole('link', { name: vehicle?.registrationNumber })).not.toBeInTheDocument(),
    );
    const count = db.tables.vehicles.all().filter((v) => v.driverId === 'drv-00001').length;
    expect(within(drawer).getByRole('heading', { name: `Assigned vehicles (${count})` })).toBeInTheDocument();
  });

  test('a fleet employee may add and edit drivers but not deactivate them or assign vehicles', async () => {
    await openAs('FE', '/fleet/driver-management');
    const [row] = await rows();
    expect(screen.getByRole('button', { name: 'Add driver' })).toBeInTheDocument();
    const name = within(row as HTMLElement).getAllByRole('button')[0]?.textContent as string;
    await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
    expect((await screen.findAllByRole('menuitem')).map((m) => m.textContent)).toEqual(['View details', 'Edit']);
  });

  test('adding a driver checks the licence and keeps what was typed', async () => {
    await openAs('FA', '/fleet/driver-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Add driver' }));
    const form = await screen.findByRole('dialog', { name: 'Add driver' });
    await userEvent.type(within(form).getByLabelText(/^Name/), 'Kiran Das');
    await userEvent.type(within(form).getByLabelText(/^Phone/), '+91 98450 22222');
    await userEvent.type(within(form).getByLabelText(/^Licence number/), '12');
    await userEvent.click(within(form).getByRole('button', { name: 'Add driver' }));
    expect(await within(form).findByText(/^Enter a licence number: two letters/)).toBeInTheDocument();
    expect(within(form).getByText('Enter the licence expiry date.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^Name/)).toHaveValue('Kiran Das');
  });

  test.each(['DR', 'EVO', 'DA'] as RoleCode[])('%s gets the 403 page', async (role) => {
    const store = createTestStore();
    signInAs(store, role);
    renderApp('/fleet/driver-management', { store });
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
  });
});
