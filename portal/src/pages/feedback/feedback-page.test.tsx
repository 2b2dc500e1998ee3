import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { signInWithApi, signInWithDemoWorld } from '@/test/api-sign-in';
import { createTestStore, preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);
afterEach(() => {
  server.events.removeAllListeners();
});

async function openAs(role: RoleCode, path: string) {
  const { store } = await signInWithDemoWorld(role);
  return renderApp(path, { store });
}

const dataRows = async () =>
  within(await screen.findByRole('table', { name: 'Feedback reports' }))
    .getAllByRole('row')
    .slice(1);

function watchListRequests(): URL[] {
  const seen: URL[] = [];
  server.events.on('request:start', ({ request }) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/feedback-reports')) seen.push(url);
  });
  return seen;
}

const sdkKey = (id: string, name: string, revokedAt: string | null) => ({
  id,
  name,
  key: `${id}-value`,
  config: { color: '#1c7ed6', position: 'BOTTOM_RIGHT', webReplays: true, networkLogs: true, language: 'auto' },
  createdAt: '2026-09-01T00:00:00.000Z',
  revokedAt,
});

describe('feedback inbox', () => {
  test("lists the organisation's reports, newest first, with type, reporter and status", async () => {
    await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    const [first, , , , last] = await dataRows();
    expect(first).toHaveTextContent('Rating');
    expect(first).toHaveTextContent('fe@voltline.demo');
    expect(first).toHaveTextContent('OPEN');
    expect(last).toHaveTextContent('The vehicle list stays on "Loading…"');
    expect(last).toHaveTextContent('Bug');
  });

  test('the type filter changes the request and the rows', async () => {
    const seen = watchListRequests();
    const { router } = await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'BUG');
    await waitFor(async () => expect(await dataRows()).toHaveLength(2), { timeout: 15_000 });
    for (const row of await dataRows()) expect(row).toHaveTextContent('Bug');
    expect(router.state.location.search).toContain('type=BUG');
    expect(seen.some((u) => u.searchParams.get('filter[type]') === 'BUG')).toBe(true);
  });

  test('the status filter changes the request, the URL and the rows', async () => {
    const seen = watchListRequests();
    const { router } = await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    // Every seeded report is new (OPEN): none is done.
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'DONE');
    expect(await screen.findByText('No reports match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('status=DONE');
    expect(seen.some((u) => u.searchParams.get('filter[status]') === 'DONE')).toBe(true);
  });

  test("the SDK key filter offers the organisation's keys from Settings and narrows the list to one", async () => {
    server.use(
      // The world's own key (its reports) and a revoked one of the same organisation (none).
      http.get('/api/sdk-keys', () =>
        HttpResponse.json([
          sdkKey('sdk-demo', 'Voltline portal', null),
          sdkKey('sdk-old', 'Old site', '2026-10-01T00:00:00.000Z'),
        ]),
      ),
    );
    const seen = watchListRequests();
    const { router } = await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    const select = screen.getByLabelText('SDK key');
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Voltline portal', 'Old site (revoked)']),
    );
    await userEvent.selectOptions(select, 'Old site (revoked)');
    expect(await screen.findByText('No reports match these filters.')).toBeInTheDocument();
    expect(router.state.location.search).toContain('sdkKey=sdk-old');
    expect(seen.some((u) => u.searchParams.get('filter[sdkKey]') === 'sdk-old')).toBe(true);
    await userEvent.selectOptions(select, 'Voltline portal');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5), { timeout: 15_000 });
    expect(router.state.location.search).toContain('sdkKey=sdk-demo');
    expect(seen.at(-1)?.searchParams.get('filter[sdkKey]')).toBe('sdk-demo');
  });

  test('without Settings, the SDK key filter offers the keys of the listed reports, and a key in the URL is kept', async () => {
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    const seen = watchListRequests();
    const store = createTestStore();
    await signInWithApi(store, 'SA', ({ s: _settings, ...rest }) => rest);
    renderApp('/feedback?sdkKey=sdk-elsewhere', { store });
    expect(await screen.findByText('No reports match these filters.')).toBeInTheDocument();
    const select = screen.getByLabelText('SDK key');
    // The key of the link is shown by its id (its name is not known here).
    expect(select).toHaveValue('sdk-elsewhere');
    expect(seen.at(-1)?.searchParams.get('filter[sdkKey]')).toBe('sdk-elsewhere');
    await userEvent.selectOptions(select, 'All');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5), { timeout: 15_000 });
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All', 'Voltline portal']),
    );
    await userEvent.selectOptions(select, 'Voltline portal');
    await waitFor(() => expect(seen.at(-1)?.searchParams.get('filter[sdkKey]')).toBe('sdk-demo'));
    expect(asked).not.toContain('/api/sdk-keys');
  });

  test('search and the date range go to the API', async () => {
    const seen = watchListRequests();
    await openAs('SA', '/feedback?q=geofence&from=2020-01-01&to=2099-12-31');
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
    expect((await dataRows())[0]).toHaveTextContent('geofence editor');
    const asked = seen.at(-1);
    expect(asked?.searchParams.get('q')).toBe('geofence');
    expect(asked?.searchParams.get('from')).toMatch(/^2020-01-0[12]T/);
    expect(asked?.searchParams.get('to')).toMatch(/^2099-12-3[01]T/);
  });

  test('sorting by a column asks the API in that order', async () => {
    const seen = watchListRequests();
    await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    await userEvent.click(screen.getByRole('button', { name: /^Type/ }));
    await waitFor(async () => expect((await dataRows())[0]).toHaveTextContent('Bug'));
    expect(seen.some((u) => u.searchParams.get('sort') === 'type:asc')).toBe(true);
    const types = (await dataRows()).map((r) => within(r).getAllByRole('cell')[1]?.textContent);
    expect(types).toEqual(['Bug', 'Bug', 'Crash', 'Feature request', 'Rating']);
  });

  test('a second page is asked of the API', async () => {
    const seen = watchListRequests();
    server.use(
      http.get('/api/feedback-reports', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page') ?? '1');
        const items = Array.from({ length: page === 1 ? 25 : 5 }, (_, i) => ({
          id: `rpt-${page}-${i}`,
          type: 'BUG',
          status: 'OPEN',
          priority: null,
          description: `Report ${page}-${i}`,
          reportedBy: null,
          pageUrl: null,
          sdkKeyId: 'sdk-demo',
          sdkKeyName: 'Voltline portal',
          isSilent: false,
          createdAt: '2026-11-01T10:00:00.000Z',
        }));
        return HttpResponse.json({ items, total: 30, page, pageSize: 25 });
      }),
    );
    await openAs('SA', '/feedback');
    await waitFor(async () => expect(await dataRows()).toHaveLength(25));
    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(async () => expect(await dataRows()).toHaveLength(5));
    expect((await dataRows())[0]).toHaveTextContent('Report 2-0');
    expect(seen.some((u) => u.searchParams.get('page') === '2')).toBe(true);
  });

  test('shows loading, then an empty state when nothing matches', async () => {
    server.use(
      http.get('/api/feedback-reports', async () => {
        await delay(300);
        return HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 25 });
      }),
    );
    await openAs('SA', '/feedback');
    expect(await screen.findByText('Loading feedback reports…')).toBeInTheDocument();
    expect(await screen.findByText('No reports match these filters.')).toBeInTheDocument();
  });

  test('shows the error when the list cannot load', async () => {
    server.use(
      http.get('/api/feedback-reports', () =>
        HttpResponse.json({ code: 'internal', message: 'The inbox is down.' }, { status: 500 }),
      ),
    );
    await openAs('SA', '/feedback');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/could not load feedback reports/i);
  });

  test('a row opens its report', async () => {
    const { router } = await openAs('SA', '/feedback?type=CRASH');
    await waitFor(async () => expect(await dataRows()).toHaveLength(1));
    await userEvent.click(within((await dataRows())[0] as HTMLElement).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feedback/rpt-demo-003'));
  });

  test('a role without the key has no menu entry, and the page is forbidden', async () => {
    await openAs('FA', '/feedback');
    expect(await screen.findByRole('heading', { name: 'You do not have access to this page' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Feedback' })).toBeNull();
  });
});
