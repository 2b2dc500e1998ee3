import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { createTestStore, preloadPages, renderApp, signInAs } from '@/test/render';

beforeAll(preloadPages, 60_000);

test('the real-time map view links to the full-height fleet map, and back', async () => {
  const store = createTestStore();
  signInAs(store, 'SA');
  const { router } = renderApp('/dashboard', { store });
  await userEvent.click(await screen.findByRole('link', { name: 'Open the fleet map' }));
  expect(await screen.findByRole('heading', { name: 'Dashboard: Fleet map' })).toBeInTheDocument();
  expect(router.state.location.search).toBe('?view=map');
  expect(await screen.findByRole('textbox', { name: 'Find a vehicle' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Vehicle states shown' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: 'Back to the dashboard' }));
  expect(await screen.findByText(/Welcome back/)).toBeInTheDocument();
});
