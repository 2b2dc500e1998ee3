import { screen, waitFor } from '@testing-library/react';
import { beforeAll, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

test.each([
  ['SA', '/dashboard'],
  ['FA', '/fleet/dashboard'],
  ['DR', '/driver/dashboard'],
] as [RoleCode, string][])('%s: /old-dashboard redirects to %s with a notice', async (role, path) => {
  const { store } = await signInWithDemoWorld(role);
  const { router } = renderApp('/old-dashboard', { store });
  expect(await screen.findByText('The legacy dashboard has been retired')).toBeInTheDocument();
  await waitFor(() => expect(router.state.location.pathname).toBe(path));
  // Back does not return to the retired address: it was replaced.
  expect(router.state.historyAction).toBe('REPLACE');
});
