import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { formatMass } from '@/features/analysis/components/carbon-report-view';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), token };
}

const RANGE = 'from=2025-12-01&to=2025-12-31';
const apiRange = `from=${new Date(2025, 11, 1).toISOString()}&to=${new Date(2025, 11, 31, 23, 59, 59, 999).toISOString()}`;

describe('carbon emission', () => {
  test('Super Admin sees the totals the API computed, the method with its sources, and per fleet contracts', async () => {
    const { token } = await openAs('SA', `/carbon-emission?${RANGE}`);
    const total = await screen.findByRole('group', { name: 'CO2 avoided, location-based' }, { timeout: 20_000 });
    const api = await call('GET', `/analysis/carbon?${apiRange}`, { token });
    expect(total).toHaveTextContent(formatMass(api.body.total.avoidedLocationKg));
    expect(screen.getByRole('group', { name: 'CO2 avoided, market-based' })).toHaveTextContent(
      formatMass(api.body.total.avoidedMarketKg),
    );
    expect(screen.getByText(/CEA CO2 Baseline Database, all-India weighted average, FY 2024-25/)).toBeInTheDocument();
    expect(screen.getByLabelText('Grid intensity (t CO2/MWh)')).toHaveValue('0.7117');
    const types = screen.getByRole('table', { name: /^By vehicle type/ });
    expect(within(types).getByRole('row', { name: /^2 Wheeler/ })).toBeInTheDocument();
    expect(within(types).getByRole('row', { name: /^3 Wheeler/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /supply contract/ })).toHaveTextContent('Sunrise Renewables');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  test('a baseline of 0 is a field error in place and the typed values stay', async () => {
    await openAs('SA', `/carbon-emission?${RANGE}`);
    const baseline = await screen.findByLabelText('2 Wheeler baseline (g CO2/km)');
    await userEvent.clear(baseline);
    await userEvent.type(baseline, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('A 2 Wheeler baseline must be more than 0.')).toBeInTheDocument();
    expect(baseline).toHaveValue('0');
  });

  test('a negative baseline in the address is not sent; the page says what to fix', async () => {
    await openAs('SA', `/carbon-emission?${RANGE}&baseline3w=-2`);
    expect(await screen.findByText(/The figures in the address are not valid/)).toBeInTheDocument();
  });

  test('an EV owner sees its own vehicles, without a fleet filter', async () => {
    await openAs('EVO', `/carbon-emission?${RANGE}`);
    expect(
      await screen.findByRole('group', { name: 'CO2 avoided, location-based' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Fleet' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  test('a fleet employee has no export', async () => {
    await openAs('FE', `/carbon-emission?${RANGE}`);
    expect(
      await screen.findByRole('group', { name: 'CO2 avoided, location-based' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test('an OEM admin saves the settings for the OEM: a baseline of 0 is refused in place, valid ones survive a new session', async () => {
    const { token, unmount } = await openAs('OEMA', `/carbon-emission?${RANGE}`);
    const save = await screen.findByRole('button', { name: /^Save for / });
    expect(screen.getByText(/has saved no settings: these are the defaults/)).toBeInTheDocument();
    const baseline = screen.getByLabelText('2 Wheeler baseline (g CO2/km)');
    await userEvent.clear(baseline);
    await userEvent.type(baseline, '-3');
    await userEvent.click(save);
    expect(await screen.findByText('A 2 Wheeler baseline must be more than 0.')).toBeInTheDocument();
    expect((await call('GET', '/analysis/carbon-settings', { token })).body.saved).toBe(false);
    await userEvent.clear(baseline);
    await userEvent.type(baseline, '52');
    const grid = screen.getByLabelText('Grid intensity (t CO2/MWh)');
    await userEvent.clear(grid);
    await userEvent.type(grid, '0.65');
    await userEvent.click(save);
    expect(await screen.findByText(/^Saved the carbon settings of /)).toBeInTheDocument();
    await waitFor(async () =>
      expect((await call('GET', '/analysis/carbon-settings', { token })).body).toMatchObject({
        saved: true,
        baseline2w: 52,
        gridIntensity: 0.65,
      }),
    );
    unmount();
    // A new session of another user of the same OEM starts from the saved figures, and its report uses them.
    await openAs('OEME', `/carbon-emission?${RANGE}`);
    expect(await screen.findByText(/^Settings of .*, saved by /)).toBeInTheDocument();
    expect(screen.getByLabelText('Grid intensity (t CO2/MWh)')).toHaveValue('0.65');
    expect(screen.getByLabelText('2 Wheeler baseline (g CO2/km)')).toHaveValue('52');
    expect(
      await screen.findByRole('group', { name: 'CO2 avoided, location-based' }, { timeout: 20_000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Save for / })).not.toBeInTheDocument();
  });

  test('a fleet admin saves its own supply contract, shown per fleet', async () => {
    await openAs('FA', `/carbon-emission?${RANGE}`);
    const supplier = await screen.findByLabelText('Supplier');
    await userEvent.clear(supplier);
    await userEvent.type(supplier, 'Rooftop Solar Co');
    await userEvent.clear(screen.getByLabelText('Instrument'));
    await userEvent.click(screen.getByRole('button', { name: /^Save for / }));
    expect(await screen.findByText('Enter the instrument (PPA, green tariff, certificates).')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Instrument'), 'On-site solar PPA');
    const intensity = screen.getByLabelText('Contract intensity (t CO2/MWh)');
    await userEvent.clear(intensity);
    await userEvent.type(intensity, '0.07');
    await userEvent.click(screen.getByRole('button', { name: /^Save for / }));
    expect(await screen.findByText(/^Saved the carbon settings of /)).toBeInTheDocument();
    const fleets = await screen.findByRole('table', { name: /supply contract/ });
    await waitFor(() => expect(fleets).toHaveTextContent('Rooftop Solar Co: On-site solar PPA (0.07 t CO2/MWh)'));
  });

  test('a CSV export is recorded in the audit history', async () => {
    const createUrl = vi.fn((_blob: Blob) => 'blob:carbon');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const { token } = await openAs('SA', `/carbon-emission?${RANGE}`);
    await screen.findByRole('group', { name: 'CO2 avoided, location-based' }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalledTimes(1));
    const audit = await call('GET', '/audit?filter[entity]=Analysis Data&sort=seq:desc', { token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'Export',
      entityId: 'carbon-emission',
      summary: expect.stringMatching(/^Exported the carbon emission report as a CSV of \d+ rows/),
    });
    vi.unstubAllGlobals();
  });

  test('a driver cannot open it', async () => {
    await openAs('DR', '/carbon-emission');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
  });
});
