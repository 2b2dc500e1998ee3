import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { pageHeaderRenders } from '@/test/counted-page-header';
import { preloadPages, renderApp } from '@/test/render';

// Counts renders of the page header: a change of the list's params must re-render the list, not the page around it.
vi.mock('@/shared/ui/page-header', () => import('@/test/counted-page-header'));

// Whole-app renders against the demo world take several seconds each on a shared CI machine.
vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), token };
}

const table = () => screen.findByRole('table', { name: 'Vehicles' });
const dataRows = async () =>
  within(await table())
    .getAllByRole('row')
    .slice(1);

describe('vehicle management', () => {
  test('lists the first page of vehicles with their state label', async () => {
    await openAs('SA', '/vehicle-management');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    expect(screen.getByText(/^1–25 of 300$/)).toBeInTheDocument();
    const first = (await dataRows())[0] as HTMLElement;
    expect(within(first).getByText(/\((\d+|F)\)$/)).toBeInTheDocument();
  });

  test('filters by connectivity and keeps the filter in the URL', async () => {
    const { router } = await openAs('SA', '/vehicle-management');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    await userEvent.selectOptions(screen.getByLabelText('Connectivity'), '5G');
    await waitFor(() => expect(router.state.location.search).toContain('connectivity=5G'));
    await waitFor(async () => {
      const rows = await dataRows();
      for (const row of rows) expect(within(row).getByText('5G')).toBeInTheDocument();
    });
  });

  test('sorts by VIN when the header is clicked, and says so with aria-sort', async () => {
    const { router } = await openAs('SA', '/vehicle-management');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    await userEvent.click(screen.getByRole('button', { name: 'VIN' }));
    await waitFor(() => expect(router.state.location.search).toContain('sort=vin%3Aasc'));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: 'VIN' })).toHaveAttribute('aria-sort', 'ascending'),
    );
    await waitFor(async () => {
      const vins = (await dataRows()).map((r) => within(r).getAllByRole('cell')[0]?.textContent ?? '');
      expect(vins).toEqual([...vins].sort());
    });
  });

  test('a filter or sort change re-renders the list, not the page header', async () => {
    const { router } = await openAs('SA', '/vehicle-management');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    const before = pageHeaderRenders.count;
    expect(before).toBeGreaterThan(0);

    await userEvent.selectOptions(screen.getByLabelText('Connectivity'), '4G');
    await userEvent.click(screen.getByRole('button', { name: 'Registration' }));
    await waitFor(() => expect(router.state.location.search).toMatch(/connectivity=4G.*sort=registrationNumber/));
    await waitFor(() => expect(screen.getByTestId('vehicles-scroll')).toHaveAttribute('aria-busy', 'false'));

    expect(pageHeaderRenders.count).toBe(before);
  });

  test('searches by VIN', async () => {
    const { token } = await openAs('SA', '/vehicle-management');
    const some = (await call('GET', '/vehicles?pageSize=1&sort=vin:asc', { token })).body.items[0];
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    await userEvent.type(screen.getByLabelText('Search vehicles'), some.vin);
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
    expect(screen.getByText(some.vin)).toBeInTheDocument();
  });

  test('opens the vehicle details when a row is clicked', async () => {
    const { router } = await openAs('SA', '/vehicle-management');
    const [first] = await dataRows();
    await userEvent.click(first as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toMatch(/^\/vehicle\/veh-/));
  });

  test('adds a vehicle after showing a field error for a bad VIN', async () => {
    await openAs('SA', '/vehicle-management');
    await userEvent.click(await screen.findByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle' });
    await userEvent.type(within(dialog).getByLabelText(/^VIN/), 'SHORT');
    await userEvent.type(within(dialog).getByLabelText(/Registration number/), 'KA01ZZ0001');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    const model = within(dialog).getByLabelText(/^Model/) as HTMLSelectElement;
    await userEvent.selectOptions(model, (model.options[1] as HTMLOptionElement).value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(dialog).findByText('The VIN has 17 letters and digits.')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByLabelText(/^VIN/));
    await userEvent.type(within(dialog).getByLabelText(/^VIN/), 'ZZTEST00000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await screen.findByText('Added vehicle ZZTEST00000000001')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search vehicles'), 'ZZTEST');
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
  });

  test('shows the server error on the VIN field when the VIN is taken', async () => {
    const { token } = await openAs('SA', '/vehicle-management');
    const taken = (await call('GET', '/vehicles?pageSize=1', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: 'Add vehicle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add vehicle' });
    await userEvent.type(within(dialog).getByLabelText(/^VIN/), taken.vin);
    await userEvent.type(within(dialog).getByLabelText(/Registration number/), 'KA01ZZ0002');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    const model = within(dialog).getByLabelText(/^Model/) as HTMLSelectElement;
    await userEvent.selectOptions(model, (model.options[1] as HTMLOptionElement).value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add vehicle' }));
    expect(await within(dialog).findByText('A vehicle with this VIN already exists.')).toBeInTheDocument();
  });

  test('edits a vehicle from its row menu', async () => {
    const { token } = await openAs('SA', '/vehicle-management?sort=vin:asc');
    const first = (await call('GET', '/vehicles?pageSize=1&sort=vin:asc', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${first.vin}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: `Edit vehicle ${first.vin}` });
    const reg = within(dialog).getByLabelText(/Registration number/);
    await userEvent.clear(reg);
    await userEvent.type(reg, 'EDITED-01');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Saved ${first.vin}`)).toBeInTheDocument();
    expect(await screen.findByText('EDITED-01')).toBeInTheDocument();
    const audit = await call('GET', `/audit?filter[entityId]=${first.id}`, { token });
    expect(audit.body.items.map((e: { action: string }) => e.action)).toContain('Update');
  });

  test('deletes a vehicle only after confirmation', async () => {
    const { token } = await openAs('SA', '/vehicle-management?sort=vin:asc');
    const first = (await call('GET', '/vehicles?pageSize=1&sort=vin:asc', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for ${first.vin}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete vehicle' });
    expect(within(dialog).getByText(new RegExp(`Delete vehicle ${first.vin}`))).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete vehicle' }));
    expect(await screen.findByText(`Deleted ${first.vin}`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(first.vin)).not.toBeInTheDocument());
    expect((await call('GET', `/vehicles/${first.id}`, { token })).status).toBe(404);
  });

  test('imports the good rows of a CSV and shows the bad row with its error', async () => {
    const { token } = await openAs('SA', '/vehicle-management');
    const model = (await call('GET', '/models?filter[kind]=EV&pageSize=1', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: 'Import CSV' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import vehicles from CSV' });
    const csv = [
      'vin,registrationNumber,modelId,connectivity',
      `IMPORT00000000001,KA01IM0001,${model.id},4G`,
      `BADVIN,KA01IM0002,${model.id},4G`,
      `IMPORT00000000003,KA01IM0003,mdl-does-not-exist,5G`,
    ].join('\n');
    await userEvent.upload(
      within(dialog).getByLabelText('CSV file'),
      new File([csv], 'vehicles.csv', { type: 'text/csv' }),
    );
    const preview = await within(dialog).findByRole('table', { name: 'Import preview' });
    expect(within(preview).getByText(/^VIN: The VIN has 17 letters and digits/)).toBeInTheDocument();
    // the EV models in scope are known on the page, so the preview already flags the unknown model id
    expect(await within(preview).findByText(/^Model: No EV model you may use has this id/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Import 1 vehicle' }));
    expect(await within(dialog).findByText(/Imported 1 of 3 vehicles/)).toBeInTheDocument();
    expect(await screen.findByText('Imported 1 vehicle')).toBeInTheDocument();
    expect(within(dialog).getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    const found = await call('GET', '/vehicles?q=IMPORT0000000000', { token });
    expect(found.body.items.map((v: { vin: string }) => v.vin)).toEqual(['IMPORT00000000001']);
  });

  test('exports the filtered list as CSV', async () => {
    const createUrl = vi.fn((_blob: Blob) => 'blob:vehicles');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    await openAs('SA', '/vehicle-management?connectivity=GSM');
    await userEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported vehicles')).toBeInTheDocument();
    const blob = createUrl.mock.calls[0]?.[0];
    if (!blob) throw new Error('no CSV was downloaded');
    const text = await blob.text();
    const lines = text.trim().split(/\r?\n/);
    expect(lines[0]).toMatch(/^id,vin,registrationNumber/);
    expect(lines.slice(1).every((l) => l.includes(',GSM,'))).toBe(true);
    vi.unstubAllGlobals();
  });

  test('hides the actions a role has no bit for', async () => {
    await openAs('SE', '/vehicle-management');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    expect(screen.getByRole('button', { name: 'Add vehicle' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
    const [first] = await dataRows();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Clone' })).not.toBeInTheDocument();
  });

  test('shows a fleet admin only the vehicles of their fleet', async () => {
    const { token } = await openAs('FA', '/fleet/vehicle-management');
    const mine = (await call('GET', '/vehicles?pageSize=1000', { token })).body;
    await waitFor(() => expect(screen.getByText(new RegExp(`of ${mine.total}$`))).toBeInTheDocument());
    expect(mine.total).toBeLessThan(300);
  });
});
