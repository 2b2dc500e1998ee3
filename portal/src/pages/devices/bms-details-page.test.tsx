import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

/** The pack of demo vehicle veh-000018. */
const BMS = 'bms-000018';

async function open(path: string, role: 'SA' | 'BMSA' = 'SA') {
  const store = createTestStore();
  await signInWithApi(store, role);
  return renderApp(path, { store });
}

describe('BMS details', () => {
  test('shows the eight BMS tabs and the pack overview', async () => {
    await open(`/bms/details/${BMS}`);
    const list = await screen.findByRole('tablist', { name: 'BMS details' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual([
      'Overview',
      'Battery State Cycle',
      'Notifications',
      'Commands',
      'Fault & Alerts',
      'Analysis',
      'Attributes',
      'Location Analysis',
    ]);
    const state = await screen.findByRole('table', { name: 'Device state' });
    expect(state).toHaveTextContent('Chemistry');
    expect(state).toHaveTextContent('Cells');
    expect(
      within(screen.getByRole('table', { name: 'Device identity' })).getByRole('link', { name: 'veh-000018' }),
    ).toHaveAttribute('href', '/vehicle/veh-000018');
  });

  test('says so when the id is a device of another kind', async () => {
    await open('/bms/details/mcu-000018');
    expect(await screen.findByText('mcu-000018 is a MCU, not a BMS.')).toBeInTheDocument();
  });

  test('lists battery cycles with their status and narrows them by status', async () => {
    await open(`/bms/details/${BMS}?tab=battery-state-cycle`);
    const table = await screen.findByRole('table', { name: 'Battery cycles' });
    const before = within(table).getAllByRole('row').length;
    expect(before).toBeGreaterThan(1);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Completed' }));
    await waitFor(() => {
      const rows = within(screen.getByRole('table', { name: 'Battery cycles' }))
        .getAllByRole('row')
        .slice(1);
      for (const row of rows) expect(row).toHaveTextContent('Completed');
    });
  });

  test('the SoC and statistics filters are exclusive details filters of the store', async () => {
    const { store } = await open(`/bms/details/${BMS}?tab=battery-state-cycle`);
    await screen.findByRole('table', { name: 'Battery cycles' });
    await userEvent.click(screen.getByRole('radio', { name: '30 days' }));
    await waitFor(() => expect(store.getState().detailTab.bms_statistics_data).toBe('30d'));
    await userEvent.click(screen.getByRole('radio', { name: 'Deep (ΔSoC ≥ 50%)' }));
    await waitFor(() => expect(store.getState().detailTab.bms_soc_data).toBe('deep'));
    expect(store.getState().detailTab.bms_statistics_data).toBeNull();
    const stats = screen.getByRole('group', { name: 'Cycle statistics' });
    expect(stats).toHaveTextContent('Cycles');
  });

  test('links each cycle to its cell history', async () => {
    await open(`/bms/details/${BMS}?tab=battery-state-cycle`);
    const table = await screen.findByRole('table', { name: 'Battery cycles' });
    expect(within(table).getAllByRole('link', { name: 'Cell history' })[0]).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/bms/battery-pack-history/${BMS}\\?cycle=`)),
    );
  });

  test('shows the commands sent to this BMS and lets a BMS admin send one', async () => {
    await open(`/bms/details/${BMS}?tab=commands`, 'BMSA');
    expect(await screen.findByRole('button', { name: 'Send command' })).toBeInTheDocument();
    expect(await screen.findByText(/No commands were sent yet\.|Command history/)).toBeInTheDocument();
  });

  test('shows the location analysis of the vehicle the pack is fitted to', async () => {
    await open(`/bms/details/${BMS}?tab=location-analysis`, 'BMSA');
    expect(await screen.findByRole('table', { name: 'Saved locations' })).toHaveTextContent('Home');
  });
});

describe('overall info (spec §4)', () => {
  test('opening a vehicle, then its BMS, then its MCU chooses each in turn and clears the other two', async () => {
    const store = createTestStore();
    await signInWithApi(store, 'SA');
    const { router } = renderApp('/vehicle/veh-000018', { store });
    const chosen = () => {
      const { vehicle_overall_info, bms_overall_info, mcu_overall_info } = store.getState().detailTab;
      return { vehicle: vehicle_overall_info, bms: bms_overall_info, mcu: mcu_overall_info };
    };
    await waitFor(() => expect(chosen()).toEqual({ vehicle: 'veh-000018', bms: null, mcu: null }));
    await router.navigate(`/bms/details/${BMS}`);
    await waitFor(() => expect(chosen()).toEqual({ vehicle: null, bms: BMS, mcu: null }));
    await router.navigate('/mcu/details/mcu-000018');
    await waitFor(() => expect(chosen()).toEqual({ vehicle: null, bms: null, mcu: 'mcu-000018' }));
    await router.navigate('/vehicle/veh-000018');
    await waitFor(() => expect(chosen()).toEqual({ vehicle: 'veh-000018', bms: null, mcu: null }));
  });
});
