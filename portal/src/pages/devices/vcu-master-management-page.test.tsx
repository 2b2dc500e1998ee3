import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';
import { exportedCsvLines, pickVehicleFor, uploadImport } from './device-list-test-steps';

// Whole-app renders against the demo world take several seconds each on a shared CI machine.
vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'VCU devices' }))
    .getAllByRole('row')
    .slice(1);

describe('VCU management', () => {
  test('lists VCU devices with their own columns', async () => {
    const { store } = await signInWithDemoWorld('SA');
    renderApp('/vcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    for (const name of ['State', 'Firmware']) expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
  });

  test('filters to unfitted devices', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    const { router } = renderApp('/vcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    await userEvent.selectOptions(screen.getByLabelText('Fitted'), 'Unfitted');
    await waitFor(() => expect(router.state.location.search).toContain('assigned=false'));
    const expected = (await call('GET', '/devices?filter[type]=VCU&filter[assigned]=false', { token })).body.total;
    await waitFor(async () => {
      if (expected === 0) expect(screen.getByText('No VCU devices match these filters.')).toBeInTheDocument();
      else for (const row of await dataRows()) expect(within(row).getByText('Unfitted')).toBeInTheDocument();
    });
  });

  test('clones a VCU under a new serial number', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    renderApp('/vcu/master-management?sort=serialNumber:asc', { store });
    const first = (await call('GET', '/devices?filter[type]=VCU&pageSize=1&sort=serialNumber:asc', { token })).body
      .items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${first.serialNumber}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Clone' }));
    const dialog = await screen.findByRole('dialog', { name: `Clone ${first.serialNumber}` });
    await userEvent.type(within(dialog).getByLabelText(/New serial number/), 'CLONE-VCU-1');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Clone VCU' }));
    expect(await screen.findByText(`Cloned ${first.serialNumber} as CLONE-VCU-1`)).toBeInTheDocument();
  });

  test('hides the add button from a role without the Add bit', async () => {
    const { store } = await signInWithDemoWorld('SE');
    renderApp('/vcu/master-management', { store });
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(0));
    expect(screen.getByRole('button', { name: 'Add VCU' })).toBeInTheDocument();
    const [first] = await dataRows();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Clone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  test('exports the live VCU devices as CSV', async () => {
    const { store, token } = await signInWithDemoWorld('VCUA');
    renderApp('/vcu/master-management?isLive=true', { store });
    const lines = await exportedCsvLines('Exported VCU devices');
    const expected = (await call('GET', '/devices?filter[type]=VCU&filter[isLive]=true&pageSize=1', { token })).body;
    expect(lines).toHaveLength(expected.total + 1);
    const isLive = lines[0]?.split(',').indexOf('isLive') ?? -1;
    expect(lines.slice(1).every((l) => l.split(',')[isLive] === 'true')).toBe(true);
  });

  test('imports VCU devices and keeps back a serial repeated in the file', async () => {
    const { store, token } = await signInWithDemoWorld('VCUA');
    renderApp('/vcu/master-management', { store });
    const model = (await call('GET', '/models?filter[kind]=VCU&pageSize=1', { token })).body.items[0];
    const { dialog, preview } = await uploadImport('Import VCU devices from CSV', [
      'serialNumber,modelId,firmwareVersion',
      `VCU-IMPORT-1,${model.id},3.0.0`,
      `VCU-IMPORT-1,${model.id},3.0.1`,
    ]);
    expect(within(preview).getByText(/^Serial number: Repeats line 2/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 VCU device' }));
    expect(await within(dialog).findByText(/Imported 1 of 2 VCU devices/)).toBeInTheDocument();
    expect((await call('GET', '/devices?filter[type]=VCU&q=VCU-IMPORT', { token })).body.total).toBe(1);
  });

  test('fits a VCU to a vehicle picked from the picker', async () => {
    const { store, token } = await signInWithDemoWorld('VCUA');
    renderApp('/vcu/master-management?sort=serialNumber:asc', { store });
    const vcu = (await call('GET', '/devices?filter[type]=VCU&pageSize=1&sort=serialNumber:asc', { token })).body
      .items[0];
    const vehicle = (await call('GET', '/vehicles?pageSize=1&sort=vin:asc', { token })).body.items[0];
    const label = `${vehicle.vin} · ${vehicle.registrationNumber}`;
    const dialog = await pickVehicleFor(vcu.serialNumber, vehicle.vin, label);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Fit' }));
    expect(await screen.findByText(`Fitted ${vcu.serialNumber} to ${label}`)).toBeInTheDocument();
    expect((await call('GET', `/devices/${vcu.id}`, { token })).body.vehicleId).toBe(vehicle.id);
  });
});
