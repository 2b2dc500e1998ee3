import { screen, within } from '@testing-library/react';
import { beforeAll, expect, test } from 'vitest';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

test('MCU details show the six tabs and the motor of the controller', async () => {
  const store = createTestStore();
  await signInWithApi(store, 'MCUA');
  renderApp('/mcu/details/mcu-000018', { store });
  const list = await screen.findByRole('tablist', { name: 'MCU details' });
  expect(
    within(list)
      .getAllByRole('tab')
      .map((t) => t.textContent),
  ).toEqual(['Overview', 'Notifications', 'Commands', 'Fault & Alerts', 'Analysis', 'Location Analysis']);
  expect(await screen.findByRole('table', { name: 'Device state' })).toHaveTextContent('Motor type');
});

test('MCU faults list only this controller’s faults', async () => {
  const db = await getWorldDb();
  const fault = db.tables.faults.all().find((f) => f.deviceKind === 'MCU' && f.deviceId !== null);
  if (!fault) throw new Error('the demo world has no MCU fault');
  const mine = db.tables.faults.all().filter((f) => f.deviceId === fault.deviceId);
  const store = createTestStore();
  await signInWithApi(store, 'MCUA');
  renderApp(`/mcu/details/${fault.deviceId}?tab=faults`, { store });
  const table = await screen.findByRole('table', { name: 'Faults and alerts' });
  expect(within(table).getAllByRole('row')).toHaveLength(mine.length + 1);
  expect(within(table).getAllByRole('link', { name: fault.name }).length).toBeGreaterThan(0);
});
