import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call } from '@/mocks/test/api-test-client';
import { getWorldDb } from '@/mocks/world/world-instance';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string, writes: (token: string) => Promise<void> = async () => {}) {
  const { store, token } = await signInWithDemoWorld(role);
  await writes(token);
  return { ...renderApp(path, { store }), token };
}

async function someWrites(token: string) {
  await call('POST', '/vehicles/veh-000001/resync', { token });
  await call('PATCH', '/vehicles/veh-000002', { token, body: { registrationNumber: 'PAGE-TEST-1' } });
  await call('POST', '/vehicles/veh-000003/status', { token, body: { status: 0 } });
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Audit log' }))
    .getAllByRole('row')
    .slice(1);

/** Waits for the three writes of `someWrites` at the top of the list, newest first, above the seeded history. */
async function writesOnTop() {
  await waitFor(async () => expect((await dataRows())[0]).toHaveTextContent('Change Status'));
  const [first, second, third] = await dataRows();
  expect(first).toHaveTextContent('Vehicle');
  expect(second).toHaveTextContent('Update');
  expect(third).toHaveTextContent('Resync');
}

/** Records the audit list requests the page makes. */
function watchAuditRequests(): URL[] {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/audit')) seen.push(url);
  });
  return seen;
}

describe('audit log', () => {
  test('lists the writes newest first with entity, action and actor', async () => {
    await openAs('SA', '/audit', someWrites);
    await writesOnTop();
    const [first] = await dataRows();
    expect(first).toHaveTextContent('Vehicle');
    expect(first).toHaveTextContent('Change Status');
    expect(first).toHaveTextContent('(SA)');
  });

  test('the action filter changes the request and the rows', async () => {
    const seen = watchAuditRequests();
    const { router } = await openAs('SA', '/audit', someWrites);
    await writesOnTop();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Resync');
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
    expect((await dataRows())[0]).toHaveTextContent('Resync');
    expect(router.state.location.search).toContain('action=Resync');
    expect(seen.some((u) => u.searchParams.get('filter[action]') === 'Resync')).toBe(true);
    server.events.removeAllListeners();
  });

  test('the date range goes to the server as from and to', async () => {
    const seen = watchAuditRequests();
    await openAs('SA', '/audit', someWrites);
    await writesOnTop();
    await userEvent.type(screen.getByLabelText('To'), '2020-01-31');
    expect(await screen.findByText('No audit entries match these filters.')).toBeInTheDocument();
    const last = seen.at(-1);
    expect(last?.searchParams.get('to')).toBe(new Date(2020, 0, 31, 23, 59, 59, 999).toISOString());
    server.events.removeAllListeners();
  });

  test('opens an entry with the before and after of its changed fields', async () => {
    await openAs('SA', '/audit', someWrites);
    await writesOnTop();
    const row = (await dataRows()).find((r) => r.textContent?.includes('Update') && r.textContent.includes('Vehicle'));
    await userEvent.click(row as HTMLElement);
    const drawer = await screen.findByRole('dialog', { name: 'Audit entry' });
    const changes = await within(drawer).findByRole('table', { name: 'Changed fields' });
    expect(within(changes).getByText('registrationNumber')).toBeInTheDocument();
    expect(within(changes).getByText('PAGE-TEST-1')).toBeInTheDocument();
  });

  test('a fresh world shows the history of its own changes, not an empty state', async () => {
    await openAs('SA', '/audit');
    await waitFor(async () => expect((await dataRows()).length).toBeGreaterThan(10));
    expect(screen.queryByText('No audit entries match these filters.')).not.toBeInTheDocument();
    const entities = (await dataRows()).map((r) => r.textContent ?? '');
    expect(entities.some((text) => text.includes('User'))).toBe(true);
    const edited = (await dataRows()).find((r) => /Update/.test(r.textContent ?? ''));
    await userEvent.click(edited as HTMLElement);
    const drawer = await screen.findByRole('dialog', { name: 'Audit entry' });
    const changes = await within(drawer).findByRole('table', { name: 'Changed fields' });
    expect(within(changes).getAllByRole('row').length).toBeGreaterThan(1);
  });

  test('shows the error when the list cannot load, with a retry', async () => {
    server.use(
      http.get('/api/audit', () =>
        HttpResponse.json({ code: 'internal', message: 'The audit store is down.' }, { status: 500 }),
      ),
    );
    await openAs('SA', '/audit');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/could not load audit log/i);
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('verify chain reports an intact chain, then the entry where a tampered chain breaks', async () => {
    await openAs('SA', '/audit', someWrites);
    await writesOnTop();
    await userEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Chain intact')).toBeInTheDocument();
    const db = await getWorldDb();
    const second = db.tables.audit.all().find((e) => e.seq === 2);
    db.tables.audit.update(second?.id ?? '', { summary: 'Rewritten history' });
    await userEvent.click(screen.getByRole('button', { name: 'Verify chain' }));
    expect(await screen.findByText('Chain broken at entry #2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show entry #2' }));
    const drawer = await screen.findByRole('dialog', { name: 'Audit entry' });
    expect(await within(drawer).findByText('Rewritten history')).toBeInTheDocument();
  });

  test('an OEM admin sees its own staff entries only', async () => {
    const sa = await signInWithDemoWorld('SA');
    await call('POST', '/vehicles/veh-000001/resync', { token: sa.token });
    await openAs('OEMA', '/audit', async (token) => {
      const own = (await call('GET', '/vehicles?pageSize=1', { token })).body.items[0].id;
      await call('POST', `/vehicles/${own}/resync`, { token });
    });
    await waitFor(async () => expect((await dataRows())[0]).toHaveTextContent('Resync'));
    for (const row of await dataRows()) expect(row).toHaveTextContent('(OEMA)');
  });
});
