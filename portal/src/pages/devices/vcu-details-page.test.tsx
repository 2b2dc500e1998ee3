import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

test('VCU details show the controller with its firmware and vehicle', async () => {
  const store = createTestStore();
  await signInWithApi(store, 'VCUA');
  renderApp('/vcu/details/vcu-000018', { store });
  const list = await screen.findByRole('tablist', { name: 'VCU details' });
  expect(
    within(list)
      .getAllByRole('tab')
      .map((t) => t.textContent),
  ).toEqual(['Overview', 'Commands', 'Analysis', 'Attributes']);
  const identity = await screen.findByRole('table', { name: 'Device identity' });
  expect(identity).toHaveTextContent('Firmware');
  expect(within(identity).getByRole('link', { name: 'veh-000018' })).toBeInTheDocument();
});

test("a VCU admin sends a VCU command from the VCU's Commands tab (its own key, VCU.l.d.c)", async () => {
  const store = createTestStore();
  await signInWithApi(store, 'VCUA');
  renderApp('/vcu/details/vcu-000018?tab=commands', { store });
  const picker = await screen.findByRole('textbox', { name: 'Command' });
  await userEvent.click(picker);
  const options = await screen.findAllByRole('option');
  // Only the VCU model's commands are offered.
  expect(options.map((o) => o.textContent)).toEqual(expect.arrayContaining([expect.stringMatching(/\(VCU_RESET\)/)]));
  await userEvent.click(screen.getByRole('option', { name: /\(VCU_RESET\)/ }));
  await userEvent.click(screen.getByRole('button', { name: 'Send command' }));
  const table = await screen.findByRole('table', { name: 'Command history' });
  await waitFor(() => expect(within(table).getAllByRole('row')[1]).toHaveTextContent('VCU_RESET'));
});
