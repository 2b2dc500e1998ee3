import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

// Whole-app renders against the demo world take several seconds each on a shared CI machine.
vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

const rowsOf = async (name: string) =>
  within(await screen.findByRole('table', { name }))
    .getAllByRole('row')
    .slice(1);

describe('component management', () => {
  test('lists SIM cards and switches to logger devices', async () => {
    const { store } = await signInWithDemoWorld('SA');
    const { router } = renderApp('/component-management', { store });
    await waitFor(async () => expect((await rowsOf('SIM cards')).length).toBeGreaterThan(0));
    await userEvent.click(screen.getByRole('tab', { name: 'Logger devices' }));
    await waitFor(async () => expect((await rowsOf('Logger devices')).length).toBeGreaterThan(0));
    expect(router.state.location.search).toBe('?tab=loggers');
  });

  test('filters SIM cards by operator', async () => {
    const { store } = await signInWithDemoWorld('SA');
    renderApp('/component-management', { store });
    await waitFor(async () => expect((await rowsOf('SIM cards')).length).toBeGreaterThan(0));
    await userEvent.selectOptions(screen.getByLabelText('Operator'), 'Jio');
    await waitFor(async () => {
      for (const row of await rowsOf('SIM cards')) expect(within(row).getByText('Jio')).toBeInTheDocument();
    });
  });

  test('adds a SIM card after an ICCID error', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    renderApp('/component-management', { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Add SIM card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add SIM card' });
    await userEvent.type(within(dialog).getByLabelText(/ICCID/), '123');
    await userEvent.type(within(dialog).getByLabelText(/Phone number/), '+919800000001');
    await userEvent.selectOptions(within(dialog).getByLabelText(/Operator/), 'Vi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add SIM card' }));
    expect(await within(dialog).findByText('The ICCID has 19 or 20 digits.')).toBeInTheDocument();
    const iccid = within(dialog).getByLabelText(/ICCID/);
    await userEvent.clear(iccid);
    await userEvent.type(iccid, '8991000000000000001');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add SIM card' }));
    expect(await screen.findByText('Added SIM 8991000000000000001')).toBeInTheDocument();
    const found = await call('GET', '/sims?q=8991000000000000001', { token });
    expect(found.body.items).toHaveLength(1);
  });

  test('edits and then deletes a SIM card after confirmation', async () => {
    const { store, token } = await signInWithDemoWorld('SA');
    renderApp('/component-management?sort=iccid:asc', { store });
    const sim = (await call('GET', '/sims?pageSize=1&sort=iccid:asc', { token })).body.items[0];
    await userEvent.click(await screen.findByRole('button', { name: `Actions for SIM ${sim.iccid}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: `Edit SIM ${sim.iccid}` });
    await userEvent.selectOptions(within(edit).getByLabelText(/Operator/), 'BSNL');
    await userEvent.click(within(edit).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(`Saved SIM ${sim.iccid}`)).toBeInTheDocument();
    expect((await call('GET', `/sims/${sim.id}`, { token })).body.operator).toBe('BSNL');

    await userEvent.click(screen.getByRole('button', { name: `Actions for SIM ${sim.iccid}` }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete SIM card' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete SIM card' }));
    expect(await screen.findByText(`Deleted SIM ${sim.iccid}`)).toBeInTheDocument();
    expect((await call('GET', `/sims/${sim.id}`, { token })).status).toBe(404);
  });

  test('adds a logger after an IMEI error', async () => {
    const { store } = await signInWithDemoWorld('SA');
    renderApp('/component-management?tab=loggers', { store });
    await userEvent.click(await screen.findByRole('button', { name: 'Add logger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add logger' });
    await userEvent.type(within(dialog).getByLabelText(/Serial number/), 'LOG-TEST-1');
    await userEvent.type(within(dialog).getByLabelText(/IMEI/), '12345');
    await userEvent.type(within(dialog).getByLabelText(/Firmware version/), '2.0.0');
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(1));
    const oem = within(dialog).getByLabelText(/^OEM/) as HTMLSelectElement;
    await userEvent.selectOptions(oem, (oem.options[1] as HTMLOptionElement).value);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add logger' }));
    expect(await within(dialog).findByText('The IMEI has 15 digits.')).toBeInTheDocument();
    const imei = within(dialog).getByLabelText(/IMEI/);
    await userEvent.clear(imei);
    await userEvent.type(imei, '356938035643809');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add logger' }));
    expect(await screen.findByText('Added logger LOG-TEST-1')).toBeInTheDocument();
  });

  test('hides add and delete from an employee without those bits', async () => {
    const { store } = await signInWithDemoWorld('SE');
    renderApp('/component-management', { store });
    const [first] = await rowsOf('SIM cards');
    expect(screen.getByRole('button', { name: 'Add SIM card' })).toBeInTheDocument();
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: /^Actions for/ }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Put into logger' })).not.toBeInTheDocument();
  });
});
