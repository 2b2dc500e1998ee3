import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call } from '@/mocks/test/api-test-client';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(() => import('./rule-management-page'), 60_000);

async function openAs(role: RoleCode) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp('/rule-management', { store }), token };
}

const table = () => screen.findByRole('table', { name: 'Rules' });
const rowOf = async (name: string) => {
  const rows = within(await table()).getAllByRole('row');
  const row = rows.find((r) => within(r).queryByText(name, { exact: true }));
  if (!row) throw new Error(`no row ${name}`);
  return row;
};

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('textbox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('rule management', () => {
  test("an OEM admin sees its OEM's rules with scope, conditions, channels, state and every action", async () => {
    await openAs('OEMA');
    const row = await waitFor(() => rowOf('Battery overheating'));
    expect(row).toHaveTextContent('OEM · BMS · oem-01');
    expect(row).toHaveTextContent('Max cell temperature > 55');
    expect(row).toHaveTextContent('Web Hook');
    expect(row).toHaveTextContent('Enabled');
    expect(row).toHaveTextContent('Ticket');
    expect(await rowOf('Motor temperature (Motor BMS 1.1)').catch(() => null)).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Battery overheating' }));
    for (const name of ['Edit', 'Clone', 'Disable', 'Delete'])
      expect(await screen.findByRole('menuitem', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add rule' })).toBeInTheDocument();
  });

  test('disables a rule and deletes one after confirming', async () => {
    await openAs('OEMA');
    let row = await waitFor(() => rowOf('Low state of charge'));
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Low state of charge' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Disable' }));
    await waitFor(async () => expect(await rowOf('Low state of charge')).toHaveTextContent('Disabled'));
    row = await rowOf('Low state of charge');
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Low state of charge' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete rule' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete rule' }));
    await waitFor(async () => expect(within(await table()).queryByText('Low state of charge')).toBeNull());
  });

  test('an OEM employee without the clone, status and delete bits sees only Edit (and the server refuses them)', async () => {
    const { token } = await openAs('OEME');
    const row = await waitFor(() => rowOf('Battery overheating'));
    await userEvent.click(within(row).getByRole('button', { name: 'Actions for Battery overheating' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
    for (const name of ['Clone', 'Disable', 'Enable', 'Delete'])
      expect(screen.queryByRole('menuitem', { name })).not.toBeInTheDocument();
    expect((await call('POST', '/rules/rule-oem-01-hot-battery/disable', { token })).status).toBe(403);
  });

  test('the builder checks field by field: no name, no key, a threshold out of range, a web hook that is not https', async () => {
    await openAs('OEMA');
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('Enter a name.')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose a telemetry key.')).toBeInTheDocument();
    await choose('Condition 1: telemetry key', 'State of charge (%)');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Condition 1: value' }), '140');
    expect(await within(dialog).findByText('State of charge ranges from 0 to 100 %.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Web Hook' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Web-hook URL' }), 'http://hooks.example.com');
    expect(await within(dialog).findByText('The web-hook URL must start with https://.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove condition 1' }));
    expect(await within(dialog).findByText('Add at least one condition.')).toBeInTheDocument();
  });

  test('tests a draft over the last hour, saves it, and keeps what was typed when saving fails', async () => {
    await openAs('OEMA');
    await userEvent.click(await screen.findByRole('button', { name: 'Add rule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add rule' });
    await userEvent.type(await within(dialog).findByRole('textbox', { name: 'Name' }), 'Any charge');
    await choose('Condition 1: telemetry key', 'State of charge (%)');
    await choose('Condition 1: comparison', '>= (at or above)');
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Condition 1: value' }), '0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Test this rule' }));
    expect(
      await within(dialog).findByText(/It would have fired \d+ times? on \d+ of \d+ vehicles/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('table', { name: 'Test firings' })).toBeInTheDocument();

    server.use(
      http.post('*/api/rules', () =>
        HttpResponse.json({ code: 'server_error', message: 'The rule store is down.' }, { status: 500 }),
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    expect(await within(dialog).findByText('The rule store is down.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Any charge');
    server.resetHandlers();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add rule' })).not.toBeInTheDocument());
    expect(await waitFor(() => rowOf('Any charge'))).toHaveTextContent('State of charge ≥ 0 %');
  });
});
