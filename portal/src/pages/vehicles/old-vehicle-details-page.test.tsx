import { screen } from '@testing-library/react';
import { beforeAll, expect, test } from 'vitest';
import { signInWithApi } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

beforeAll(preloadPages, 60_000);

test('the legacy view shows the vehicle read-only, without tabs or actions', async () => {
  const store = createTestStore();
  await signInWithApi(store, 'SA');
  renderApp('/old-vehicle/veh-000018', { store });
  expect(await screen.findByRole('table', { name: 'Identity' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Linked devices' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Open the current vehicle details' })).toHaveAttribute(
    'href',
    '/vehicle/veh-000018',
  );
  expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Send|Acknowledge/ })).not.toBeInTheDocument();
});
