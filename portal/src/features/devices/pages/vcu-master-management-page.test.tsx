import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

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
});
