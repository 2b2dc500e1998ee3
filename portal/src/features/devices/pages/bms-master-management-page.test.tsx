import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

// Whole-app renders against the demo world take several seconds each on a shared CI machine.
vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), token };
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'BMS devices' }))
    .getAllByRole('row')
    .slice(1);
const firstBms = async (token: string) =>
  (await call('GET', '/devices?filter[type]=BMS&pageSize=1&sort=serialNumber:asc', { token })).body.items[0];

describe('BMS management', () => {
  test('lists BMS devices with chemistry, cooling and cells', async () => {
    await openAs('BMSA', '/bms/master-management');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    for (const name of ['Chemistry', 'Cooling', 'Cells', 'State']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
  });

  test('filters by chemistry through the URL', async () => {
    const { router } = await openAs('BMSA', '/bms/master-management');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    await userEvent.selectOptions(screen.getByLabelText('Chemistry'), 'LFP');
    await waitFor(() => expect(router.state.location.search).toContain('chemistry=1'));
    await waitFor(async () => {
      for (const row of await dataRows()) expect(within(row).getByText('LFP')).toBeInTheDocument();
    });
  });

  test('sorts by serial number descending on the second click', async () => {
    await openAs('BMSA', '/bms/master-management');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('button', { name: 'Serial number' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Serial number' })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Serial number' }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'Serial number' })).toHaveAttribute('aria-sort', 'descending'),
    );
    await waitFor(async () => {
      const serials = (await dataRows()).map((r) => within(r).getAllByRole('cell')[0]?.textContent ?? '');
      expect(serials).toEqual([...serials].sort().reverse());
    });
  });

  test('searches by serial number', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management');
    const bms = await firstBms(token);
    await userEvent.type(await screen.findByLabelText('Search BMS devices'), bms.serialNumber);
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
  });

  test('adds a BMS after a missing-model error', async () => {
    await openAs('BMSA', '/bms/master-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Add BMS' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add BMS' });
    await userEvent.type(within(dialog).getByLabelText(/Serial number/), 'BMS-TEST-0001');
    await userEvent.type(within(dialog).getByLabelText(/Firmware version/), '1.2.3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add BMS' }));
    expect(await within(dialog).findByText('Choose a model.')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    const model = within(dialog).getByLabelText(/^Model/) as HTMLSelectElement;
    await userEvent.selectOptions(model, (model.options[1] as HTMLOptionElement).value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add BMS' }));
    expect(await screen.findByText('Added BMS BMS-TEST-0001')).toBeInTheDocument();
  });

  test('edits the firmware version of a BMS', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bms.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit BMS ${bms.serialNumber}` });
    const firmware = within(dialog).getByLabelText(/Firmware version/);
    await userEvent.clear(firmware);
    await userEvent.type(firmware, '9.9.9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Saved ${bms.serialNumber}`)).toBeInTheDocument();
    expect((await call('GET', `/devices/${bms.id}`, { token })).body.firmwareVersion).toBe('9.9.9');
  });

  test('fits a BMS to an unknown vehicle and shows the server error on the field', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bms.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fit to vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: `Fit ${bms.serialNumber} to a vehicle` });
    const input = within(dialog).getByLabelText(/Vehicle ID/);
    await userEvent.clear(input);
    await userEvent.type(input, 'veh-nope');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit' }));
    expect(await within(dialog).findByText('Choose an existing vehicle.')).toBeInTheDocument();
  });

  test('deletes a BMS after confirmation and audits it', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bms.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete BMS' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete BMS' }));
    expect(await screen.findByText(`Deleted ${bms.serialNumber}`)).toBeInTheDocument();
    expect((await call('GET', `/devices/${bms.id}`, { token })).status).toBe(404);
  });

  test('opens the BMS details when a row is activated with the keyboard', async () => {
    const { router } = await openAs('BMSA', '/bms/master-management');
    const [first] = await dataRows();
    (first as HTMLElement).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/bms\/details\/bms-/));
  });

  test('hides the delete and fit actions from a BMS employee without those bits', async () => {
    await openAs('BMSE', '/bms/master-management');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    const [first] = await dataRows();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Fit to vehicle' })).not.toBeInTheDocument();
  });
});
