import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test } from 'vitest';
import { dashboardPathFor, ROLE_LABELS } from '@/domain/roles';
import { createTestSession, preloadPages, renderApp, TEST_ACCOUNTS, TEST_PASSWORD } from '@/test/render';

beforeAll(preloadPages, 60_000);

describe('the login page', () => {
  test('asks for an e-mail and a password before calling the server', async () => {
    let calls = 0;
    const signIn = () => {
      calls += 1;
      return Promise.reject(new Error('unexpected call'));
    };
    renderApp('/login', { session: createTestSession({ signIn }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your e-mail address')).toBeInTheDocument();
    expect(screen.getByText('Enter your password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls).toBe(0);
  });

  test('shows the server message when the credentials are wrong', async () => {
    renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'sa@voltline.test');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail or password is wrong.');
  });

  test('shows field errors the server returns next to their fields', async () => {
    renderApp('/login', {
      session: createTestSession({
        signIn: () =>
          Promise.reject({
            status: 422,
            message: 'Check the highlighted fields.',
            fieldErrors: { email: 'This account is locked' },
          }),
      }),
    });
    await userEvent.type(await screen.findByLabelText('E-mail'), 'locked@voltline.test');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('This account is locked')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check the highlighted fields.');
  });

  test('signs in with e-mail and password and lands on the role dashboard with a toast', async () => {
    const { router, store } = renderApp('/login');
    await userEvent.type(await screen.findByLabelText('E-mail'), 'fa@voltline.test');
    await userEvent.type(screen.getByLabelText('Password'), TEST_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fleet/dashboard'));
    expect(await screen.findByText('Signed in as Fleet Admin Tester')).toBeInTheDocument();
    expect(store.getState().auth.user?.role).toBe('FA');
  });

  test('lists one demo account per role type', async () => {
    renderApp('/login');
    const list = await screen.findByRole('list', { name: 'Demo accounts' });
    expect(list.querySelectorAll('li')).toHaveLength(TEST_ACCOUNTS.length);
  });

  for (const account of TEST_ACCOUNTS) {
    test(`signs in as ${account.label} with one click and lands on ${dashboardPathFor(account.role)}`, async () => {
      const { router } = renderApp('/login');
      await userEvent.click(await screen.findByRole('button', { name: new RegExp(`^${account.label} `) }));
      await waitFor(() => expect(router.state.location.pathname).toBe(dashboardPathFor(account.role)));
      expect(
        await screen.findByText(ROLE_LABELS[account.role], { selector: '.mantine-Badge-label' }),
      ).toBeInTheDocument();
    });
  }

  test('says so when the demo accounts cannot be loaded', async () => {
    renderApp('/login', {
      session: createTestSession({ loadDemoAccounts: () => Promise.reject(new Error('Worker not running')) }),
    });
    expect(await screen.findByText('Worker not running')).toBeInTheDocument();
  });
});
