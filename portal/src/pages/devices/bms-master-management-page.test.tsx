import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ACTION } from '@/domain/permissions';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { signInWithApi, signInWithDemoWorld } from '@/test/api-sign-in';
import { pageHeaderRenders } from '@/test/counted-page-header';
import { createTestStore, preloadPages, renderApp } from '@/test/render';
import { exportedCsvLines, pickVehicleFor, uploadImport } from './device-list-test-steps';

// Counts the page header's renders: a list change must re-render the list only.
vi.mock('@/shared/ui/page-header', () => import('@/test/counted-page-header'));

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

  test('a filter or sort change re-renders the list, not the page header', async () => {
    const { router } = await openAs('BMSA', '/bms/master-management');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    const before = pageHeaderRenders.count;
    expect(before).toBeGreaterThan(0);

    await userEvent.selectOptions(screen.getByLabelText('Cooling'), '1');
    await userEvent.click(screen.getByRole('button', { name: 'Serial number' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/cooling=1.*sort=serialNumber/));
    await waitFor(() => expect(screen.getByTestId('devices-bms-scroll')).toHaveAttribute('aria-busy', 'false'));

    expect(pageHeaderRenders.count).toBe(before);
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

  test('fits a BMS to a vehicle found by typing part of its VIN in the picker', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    const vehicle = (await call('GET', '/vehicles?pageSize=1&sort=vin:desc', { token })).body.items[0];
    const label = `${vehicle.vin} · ${vehicle.registrationNumber}`;
    const dialog = await pickVehicleFor(bms.serialNumber, vehicle.vin.slice(-8), label);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit' }));
    expect(await screen.findByText(`Fitted ${bms.serialNumber} to ${label}`)).toBeInTheDocument();
    expect((await call('GET', `/devices/${bms.id}`, { token })).body.vehicleId).toBe(vehicle.id);
  });

  test('says when no vehicle matches the search and asks for a vehicle before fitting', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bms.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fit to vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: `Fit ${bms.serialNumber} to a vehicle` });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /^Vehicle/ }), 'NO-SUCH-VIN');
    expect(await screen.findByText('No vehicle matches “NO-SUCH-VIN”.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit' }));
    expect(await within(dialog).findByText('Choose a vehicle.')).toBeInTheDocument();
  });

  test('picks a vehicle with the keyboard alone', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?sort=serialNumber:asc');
    const bms = await firstBms(token);
    const first = (await call('GET', '/vehicles?pageSize=1&sort=vin:asc', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${bms.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Fit to vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: `Fit ${bms.serialNumber} to a vehicle` });
    within(dialog)
      .getByRole('textbox', { name: /^Vehicle/ })
      .focus();
    await userEvent.keyboard('{ArrowDown}');
    await screen.findByRole('option', { name: `${first.vin} · ${first.registrationNumber}` });
    await userEvent.keyboard('{ArrowDown}');
    const active = await within(screen.getByRole('listbox')).findByRole('option', { selected: true });
    await userEvent.keyboard('{Enter}');
    expect(within(dialog).getByRole('textbox', { name: /^Vehicle/ })).toHaveValue(active.textContent);
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByText(`Fitted ${bms.serialNumber} to ${active.textContent}`)).toBeInTheDocument();
  });

  test('exports the filtered BMS list as CSV', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management?chemistry=1');
    const lines = await exportedCsvLines('Exported BMS devices');
    expect(lines[0]).toMatch(/^serialNumber,modelId,firmwareVersion,/);
    const expected = (await call('GET', '/devices?filter[type]=BMS&filter[chemistry]=1&pageSize=1', { token })).body;
    expect(lines).toHaveLength(expected.total + 1);
    const chemistry = lines[0]?.split(',').indexOf('chemistry') ?? -1;
    expect(lines.slice(1).every((l) => l.split(',')[chemistry] === '1')).toBe(true);
  });

  test('imports the good rows of a CSV and shows the bad rows with their errors', async () => {
    const { token } = await openAs('BMSA', '/bms/master-management');
    const model = (await call('GET', '/models?filter[kind]=BMS&pageSize=1', { token })).body.items[0];
    const taken = await firstBms(token);
    const { dialog, preview } = await uploadImport('Import BMS devices from CSV', [
      'serialNumber,modelId,firmwareVersion',
      `BMS-IMPORT-1,${model.id},1.0.0`,
      `BAD SERIAL,${model.id},1.0.0`,
      'BMS-IMPORT-3,mdl-not-a-model,1.0.0',
      `${taken.serialNumber},${model.id},1.0.0`,
    ]);
    expect(within(preview).getByText(/^Serial number: Use letters, digits and - _ . \/ only/)).toBeInTheDocument();
    expect(await within(preview).findByText(/^Model: No BMS model has this id/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 2 BMS devices' }));
    expect(await within(dialog).findByText(/Imported 1 of 4 BMS devices/)).toBeInTheDocument();
    expect(within(preview).getByText(/^Serial number: Already in use/)).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const found = await call('GET', '/devices?filter[type]=BMS&q=BMS-IMPORT', { token });
    expect(found.body.items.map((d: { serialNumber: string }) => d.serialNumber)).toEqual(['BMS-IMPORT-1']);
  });

  test('shows Export but not Import to a BMS employee, and neither without the Export bit', async () => {
    await openAs('BMSE', '/bms/master-management');
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    cleanup();
    const store = createTestStore();
    await signInWithApi(store, 'BMSE', (d) => ({ ...d, 'BMS.l': (d['BMS.l'] ?? 0) & ~ACTION.EXPORT }));
    renderApp('/bms/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
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
