import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, expect, test } from 'vitest';
import { server } from '@/mocks/node';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

async function open() {
  const store = createTestStore();
  await signInWithApi(store, 'BMSA');
  return renderApp('/bms/battery-pack-history/bms-000018', { store });
}

test('shows the latest cycle as a per-cell voltage heatmap, a min/max/delta chart and the weakest cell', async () => {
  await open();
  expect(await screen.findByRole('figure', { name: 'Per-cell voltage heatmap' })).toBeInTheDocument();
  expect(screen.getByRole('figure', { name: 'Voltage min, max and delta over time' })).toBeInTheDocument();
  const cells = screen.getByRole('table', { name: 'Cells' });
  expect(within(cells).getAllByRole('row').length).toBeGreaterThan(4);
  expect(within(cells).getByText('Weakest')).toBeInTheDocument();
  expect((screen.getByRole('textbox', { name: 'Cycle' }) as HTMLInputElement).value).toMatch(/^#\d+ · /);
});

test('switches to cell temperatures and marks the hottest cell', async () => {
  await open();
  await screen.findByRole('table', { name: 'Cells' });
  await userEvent.click(screen.getByRole('radio', { name: 'Temperature' }));
  expect(await screen.findByRole('figure', { name: 'Per-cell temperature heatmap' })).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Cells' })).getByText('Hottest')).toBeInTheDocument();
});

test('opens the cycle named in the URL', async () => {
  const store = createTestStore();
  await signInWithApi(store, 'BMSA');
  const { router } = renderApp('/bms/battery-pack-history/bms-000018', { store });
  await screen.findByRole('table', { name: 'Cells' });
  await userEvent.click(screen.getByRole('textbox', { name: 'Cycle' }));
  const options = await screen.findAllByRole('option');
  await userEvent.click(options[1]!);
  expect(router.state.location.search).toMatch(/^\?cycle=/);
});

test('says so when a cycle has no kept cell samples (the server keeps them for the newest cycle only)', async () => {
  server.use(
    http.get('/api/devices/:id/cycles/:cycleId/cells', ({ params }) =>
      HttpResponse.json({ cycleId: params.cycleId, cellCount: 16, items: [] }),
    ),
  );
  await open();
  expect(await screen.findByText('No cell samples are kept for this cycle.')).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Cells' })).not.toBeInTheDocument();
});
