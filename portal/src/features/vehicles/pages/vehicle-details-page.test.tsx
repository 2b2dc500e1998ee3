import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

beforeAll(preloadPages, 60_000);

describe('vehicle details', () => {
  test('shows the eight tabs and opens the tab named in the URL', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    renderApp('/vehicle/VH-7?tab=commands', { store });
    const list = await screen.findByRole('tablist', { name: 'Vehicle details' });
    expect(within(list).getAllByRole('tab')).toHaveLength(8);
    expect(within(list).getByRole('tab', { name: 'Commands' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('ID VH-7')).toBeInTheDocument();
    expect(screen.getByText(/This content arrives with a later issue: Fleet inventory/)).toBeInTheDocument();
  });

  test('keeps the current tab in the URL', async () => {
    const store = createTestStore();
    signInAs(store, 'SA');
    const { router } = renderApp('/vehicle/VH-7', { store });
    await userEvent.click(await screen.findByRole('tab', { name: 'Location Analysis' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=location-analysis'));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Location Analysis' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  test('shows a driver only the tabs their permissions allow', async () => {
    const store = createTestStore();
    signInAs(store, 'DR');
    renderApp('/vehicle/VH-7?tab=commands', { store });
    const list = await screen.findByRole('tablist', { name: 'Vehicle details' });
    const names = within(list)
      .getAllByRole('tab')
      .map((t) => t.textContent);
    expect(names).toEqual(['Overview', 'Trip Analysis', 'Notifications', 'Fault & Alerts', 'Location Analysis']);
    expect(within(list).getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  });
});
