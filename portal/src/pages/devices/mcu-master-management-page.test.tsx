import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { ACTION } from '@/domain/permissions';
import { call } from '@/mocks/test/api-test-client';
import { signInWithApi, signInWithDemoWorld } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';
import { exportedCsvLines, pickVehicleFor, uploadImport } from './device-list-test-steps';

// Whole-app renders against the demo world take several seconds each on a shared CI machine.
vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'MCU devices' }))
    .getAllByRole('row')
    .slice(1);

describe('MCU management', () => {
  test('lists MCU devices with their own columns', async () => {
    const { store } = await signInWithDemoWorld('SA');
    renderApp('/mcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    for (const name of ['Motor type', 'Rated power'])
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
  });

  test('filters to unfitted devices', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    const { router } = renderApp('/mcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    await userEvent.selectOptions(screen.getByLabelText('Fitted'), 'Unfitted');
    await waitFor(() => expect(router.state.location.search).toContain('assigned=false'));
    const expected = (await call('GET', '/devices?filter[type]=MCU&filter[assigned]=false', { token })).body.total;
    await waitFor(async () => {
      if (expected === 0) expect(screen.getByText('No MCU devices match these filters.')).toBeInTheDocument();
      else for (const row of await dataRows()) expect(within(row).getByText('Unfitted')).toBeInTheDocument();
    });
  });

  test('clones a MCU under a new serial number', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    renderApp('/mcu/master-management?sort=serialNumber:asc', { store });
    const first = (await call('GET', '/devices?filter[type]=MCU&pageSize=1&sort=serialNumber:asc', { token })).body
      .items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${first.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: `Clone ${first.serialNumber}` });
    await userEvent.type(within(dialog).getByLabelText(/New serial number/), 'CLONE-MCU-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone MCU' }));
    expect(await screen.findByText(`Cloned ${first.serialNumber} as CLONE-MCU-1`)).toBeInTheDocument();
  });

  test('hides the add button from a role without the Add bit', async () => {
    const { store } = await signInWithDemoWorld('SE');
    renderApp('/mcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Add MCU' })).toBeInTheDocument();
    const [first] = await dataRows();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Clone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('exports the MCU devices of one motor type as CSV', async () => {
    const { store, token } = await signInWithDemoWorld('MCUA');
    renderApp('/mcu/master-management?motorType=1', { store });
    const lines = await exportedCsvLines('Exported MCU devices');
    const expected = (await call('GET', '/devices?filter[type]=MCU&filter[motorType]=1&pageSize=1', { token })).body;
    expect(lines).toHaveLength(expected.total + 1);
    const motorType = lines[0]?.split(',').indexOf('motorType') ?? -1;
    expect(lines.slice(1).every((l) => l.split(',')[motorType] === '1')).toBe(true);
  });

  test('imports MCU devices and keeps a row of a BMS model back with its error', async () => {
    const { store, token } = await signInWithDemoWorld('MCUA');
    renderApp('/mcu/master-management', { store });
    const model = (await call('GET', '/models?filter[kind]=MCU&pageSize=1', { token })).body.items[0];
    const { dialog, preview } = await uploadImport('Import MCU devices from CSV', [
      'serialNumber,modelId,firmwareVersion',
      `MCU-IMPORT-1,${model.id},2.0.0`,
      'MCU-IMPORT-2,mdl-bms-001,2.0.0',
    ]);
    expect(await within(preview).findByText(/^Model: No MCU model has this id/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 MCU device' }));
    expect(await within(dialog).findByText(/Imported 1 of 2 MCU devices/)).toBeInTheDocument();
    expect((await call('GET', '/devices?filter[type]=MCU&q=MCU-IMPORT', { token })).body.total).toBe(1);
  });

  test('fits an MCU to a vehicle picked by registration number', async () => {
    const { store, token } = await signInWithDemoWorld('MCUA');
    renderApp('/mcu/master-management?sort=serialNumber:asc', { store });
    const mcu = (await call('GET', '/devices?filter[type]=MCU&pageSize=1&sort=serialNumber:asc', { token })).body
      .items[0];
    const vehicle = (await call('GET', '/vehicles?pageSize=1&sort=registrationNumber:desc', { token })).body.items[0];
    const label = `${vehicle.vin} · ${vehicle.registrationNumber}`;
    const dialog = await pickVehicleFor(mcu.serialNumber, vehicle.registrationNumber, label);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit' }));
    expect(await screen.findByText(`Fitted ${mcu.serialNumber} to ${label}`)).toBeInTheDocument();
    expect((await call('GET', `/devices/${mcu.id}`, { token })).body.vehicleId).toBe(vehicle.id);
  });

  test('offers neither import nor export to a role with only the List bit', async () => {
    const store = createTestStore();
    await signInWithApi(store, 'MCUE', (d) => ({ ...d, 'MCU.l': ACTION.LIST }));
    renderApp('/mcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  });
});
