import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { RoleCode } from '@/domain/roles';
import { server } from '@/mocks/node';
import { call } from '@/mocks/test/api-test-client';
import { dayBoundary } from '@/shared/ui/data-table/date-range';
import { signInWithDemoWorld } from '@/test/api-sign-in';
import { preloadPages, renderApp } from '@/test/render';

vi.setConfig({ testTimeout: 40_000 });
beforeAll(preloadPages, 60_000);

async function openAs(role: RoleCode, path: string) {
  const { store, token } = await signInWithDemoWorld(role);
  return { ...renderApp(path, { store }), token };
}

const RANGE = 'from=2025-12-01&to=2025-12-31';

describe('analysis', () => {
  test('Super Admin compares two vehicles: the table shows the figures the API computed, with exports', async () => {
    const { token } = await openAs('SA', `/analysis?groupBy=vehicle&ids=veh-000001,veh-000002&${RANGE}`);
    const table = await screen.findByRole('table', { name: /^2 vehicles/ }, { timeout: 20_000 });
    const api = await call(
      'GET',
      `/analysis/compare?groupBy=vehicle&ids=veh-000001,veh-000002&from=${new Date(2025, 11, 1).toISOString()}&to=${new Date(2025, 11, 31, 23, 59, 59, 999).toISOString()}`,
      { token },
    );
    const [first] = api.body.subjects;
    const row = within(table).getByRole('row', { name: new RegExp(first.name) });
    expect(row).toHaveTextContent(
      first.distanceKm.toLocaleString('en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
    );
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PNG' })).toBeInTheDocument();
    // Without a canvas the charts are their text alternative.
    expect(screen.getByRole('figure', { name: 'Energy per km per vehicle' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Distance per day' })).toBeInTheDocument();
  });

  test('an export is recorded in the audit history (Analysis Data, Export) before the file is made', async () => {
    const createUrl = vi.fn((_blob: Blob) => 'blob:analysis');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    const { token } = await openAs('OEMA', `/analysis?groupBy=vehicle&ids=veh-000001,veh-000002&${RANGE}`);
    await screen.findByRole('table', { name: /^2 vehicles/ }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(createUrl).toHaveBeenCalledTimes(1));
    const sa = await signInWithDemoWorld('SA');
    const audit = await call('GET', '/audit?filter[entity]=Analysis Data&sort=seq:desc', { token: sa.token });
    expect(audit.body.items[0]).toMatchObject({
      action: 'Export',
      entityId: 'analysis-compare',
      summary: expect.stringMatching(
        /^Exported the analysis comparison as a CSV of 2 rows, 2025-1[12]-\d\d to 2025-12-31: /,
      ),
    });
    expect(token).toBeTruthy();
    vi.unstubAllGlobals();
  });

  test('when the export cannot be recorded, no file is made and the page says why', async () => {
    const createUrl = vi.fn((_blob: Blob) => 'blob:analysis');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
    server.use(
      http.post('*/analysis/exports', () =>
        HttpResponse.json({ code: 'boom', message: 'The audit store is down.' }, { status: 503 }),
      ),
    );
    await openAs('SA', `/analysis?groupBy=vehicle&ids=veh-000001,veh-000002&${RANGE}`);
    await screen.findByRole('table', { name: /^2 vehicles/ }, { timeout: 20_000 });
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The export could not be recorded, so no file was made')).toBeInTheDocument();
    expect(screen.getByText('The audit store is down.')).toBeInTheDocument();
    expect(createUrl).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  test('a range that ends before it starts is said in place and nothing is asked', async () => {
    await openAs('SA', '/analysis?groupBy=vehicle&ids=veh-000001&from=2025-12-20&to=2025-12-10');
    expect((await screen.findAllByText('The end of the range is before its start.')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test('a range before the data starts is said in place', async () => {
    await openAs('SA', '/analysis?groupBy=vehicle&ids=veh-000001&from=2025-01-01&to=2025-12-10');
    expect((await screen.findAllByText(/Data starts on 2 Nov 2025; pick a later start\./)).length).toBeGreaterThan(0);
  });

  test('a fleet employee compares its fleet but has no export', async () => {
    await openAs('FE', `/analysis?groupBy=fleet&ids=flt-0001&${RANGE}`);
    expect(await screen.findByRole('table', { name: /^1 fleets/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  test('opens with the five vehicles that drove the farthest in the range, and the user changes the picks', async () => {
    const { token } = await openAs('OEMA', '/analysis');
    const table = await screen.findByRole('table', { name: /^5 vehicles/ }, { timeout: 20_000 });
    expect(screen.getByText(/Showing the 5 vehicles that drove the farthest in this range/)).toBeInTheDocument();
    // The same five the API ranks first for the range on show (whole local days).
    const from = dayBoundary((screen.getByLabelText('From') as HTMLInputElement).value, false);
    const to = dayBoundary((screen.getByLabelText('To') as HTMLInputElement).value, true);
    const api = await call('GET', `/analysis/compare?groupBy=vehicle&top=5&from=${from}&to=${to}`, { token });
    const names = api.body.subjects.map((s: { name: string }) => s.name);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(names);
    // They are the selection: removing one compares the other four, and the picks are now the user's (in the URL).
    const picker = screen.getByRole('textbox', { name: 'Vehicles to compare' });
    const chips = picker.closest('.mantine-MultiSelect-root') ?? document.body;
    const removes = within(chips as HTMLElement).getAllByRole('button', { hidden: true });
    expect(removes.length).toBeGreaterThanOrEqual(5);
    await userEvent.click(removes[0]!);
    expect(await screen.findByRole('table', { name: /^4 vehicles/ }, { timeout: 20_000 })).toBeInTheDocument();
    expect(screen.queryByText(/Showing the 5 vehicles/)).not.toBeInTheDocument();
  });

  test('a cleared selection says what to do', async () => {
    await openAs('OEMA', '/analysis?ids=');
    expect(await screen.findByText(/Pick up to 12 vehicles to compare/)).toBeInTheDocument();
  });

  test('a driver cannot open it', async () => {
    await openAs('DR', '/analysis');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You do not have access to this page' }),
    ).toBeInTheDocument();
  });
});
