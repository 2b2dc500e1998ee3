import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 60_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path = '/firmware-update-history') {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

const rows = async () =>
  within(await screen.findByRole('table', { name: 'Device OTA history' }))
    .getAllByRole('row')
    .slice(1);

describe('Device OTA history', () => {
  test('lists updates with versions from and to, status and duration; the status filter narrows it', async () => {
    const { router } = await openAs('SA');
    await waitFor(async () => expect(await rows()).toHaveLength(25));
    await userEvent.selectOptions(screen.getByLabelText('Status'), '3');
    await waitFor(
      async () => {
        const shown = await rows();
        expect(shown.length).toBeGreaterThan(0);
        for (const row of shown) expect(row).toHaveTextContent('Failed');
      },
      { timeout: 15_000 },
    );
    expect(router.state.location.search).toContain('status=3');
    const first = (await rows())[0] as HTMLElement;
    expect(within(first).getByText(/\d+ s$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  test('a service centre employee reads the history of its vehicles but may not export', async () => {
    await openAs('DE');
    await waitFor(async () => expect((await rows()).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test('a fleet employee has no access', async () => {
    await openAs('FE');
    expect(await screen.findByText('You do not have access to this page')).toBeInTheDocument();
  });
});
