import { screen, within } from '@testing-library/react';
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
