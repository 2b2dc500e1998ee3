import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, expect, test } from 'vitest';
import { ROLE_CODES } from '@/domain/roles';
import { DEMO_PASSWORD, demoEmailFor } from '@/mocks/world/demo-users';
import { setAuthTokenGetter } from '@/shared/api/api-client';
import { preloadPages, renderApp } from '@/test/render';

// The login page with the real API-backed session, answered by the demo world's MSW handlers (src/test/setup.ts).

beforeAll(preloadPages, 60_000);

test('a demo account from the world signs in through the Fleet API and lands on its dashboard', async () => {
  const { router, store } = renderApp('/login', { session: 'api' });
  setAuthTokenGetter(() => store.getState().auth.token);
  await userEvent.type(await screen.findByLabelText('E-mail'), demoEmailFor('DA'));
  await userEvent.type(screen.getByLabelText('Password'), DEMO_PASSWORD);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dealer/dashboard'));
  expect(store.getState().auth.user?.role).toBe('DA');
  expect(store.getState().auth.token).toBeTruthy();
  expect(store.getState().auth.permissions?.['db']).toBeGreaterThan(0);
});

test('the demo world lists its demo accounts on the login page', async () => {
  renderApp('/login', { session: 'api' });
  const list = await screen.findByRole('list', { name: 'Demo accounts' });
  expect(list.querySelectorAll('li').length).toBeGreaterThanOrEqual(9);
  expect(ROLE_CODES).toContain('SA');
});

test('a wrong password shows the Fleet API error on the form and signs nobody in', async () => {
  const { store } = renderApp('/login', { session: 'api' });
  await userEvent.type(await screen.findByLabelText('E-mail'), demoEmailFor('SA'));
  await userEvent.type(screen.getByLabelText('Password'), 'not-the-password');
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  expect(await screen.findByRole('alert')).toBeInTheDocument();
  expect(store.getState().auth.isAuthenticated).toBe(false);
});
