import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { formatMass } from '@/features/analysis/components/carbon-emission';
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

  test('a driver cannot open it', async () => {
    await openAs('DR', '/carbon-emission');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
  });
});
