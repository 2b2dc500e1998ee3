import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppToaster } from './app-toaster';
import type { ListParams } from './data-table/use-list-params';
import { type HistoryCsvExport, HistoryListPage } from './history-list-page';

afterEach(() => vi.unstubAllGlobals());

interface Entry {
  id: string;
  level: string;
  message: string;
}
const ENTRIES: Entry[] = [
  { id: 'e1', level: 'INFO', message: 'Booted' },
  { id: 'e2', level: 'ERROR', message: 'Cell 3 over voltage' },
  { id: 'e3', level: 'ERROR', message: 'Lost GPS' },
];
const FILTER_KEYS = ['level', 'from', 'to'] as const;
const FILTER_DEFS = [{ key: 'level', label: 'Level', options: ['INFO', 'ERROR'].map((l) => ({ value: l, label: l })) }];
const col = createColumnHelper<Entry>();
const COLUMNS = [
  col.accessor('level', { header: 'Level', meta: { label: 'Level' } }),
  col.accessor('message', { header: 'Message', meta: { label: 'Message' } }),
];
const matching = (params: ListParams) =>
  ENTRIES.filter((e) => !params.filters.level || e.level === params.filters.level);
const useEntries = (params: ListParams) =>
  useQuery({
    queryKey: ['entries', params],
    queryFn: () => {
      const items = matching(params);
      return { items, total: items.length };
    },
  });
const getId = (e: Entry) => e.id;

function renderPage(csvExport?: HistoryCsvExport<Entry>, path = '/log') {
  renderWithProviders(
    <QueryClientProvider client={new QueryClient()}>
      <HistoryListPage
        title="Hardware log"
        description="Messages the loggers sent."
        csvExport={csvExport}
        filterKeys={FILTER_KEYS}
        useList={useEntries}
        searchLabel="Search messages"
        filterDefs={FILTER_DEFS}
        label="Log"
        tableId="log"
        columns={COLUMNS}
        getRowId={getId}
        emptyText="Nothing matches."
      />
      <AppToaster />
    </QueryClientProvider>,
    { path },
  );
}

test("shows the route's title, a date range and the list of the URL's filters", async () => {
  renderPage(undefined, '/log?level=ERROR');
  expect(screen.getByRole('heading', { level: 1, name: 'Hardware log' })).toBeInTheDocument();
  expect(screen.getByRole('group', { name: 'Date range' })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Log' });
  expect(await within(table).findByText('Lost GPS')).toBeInTheDocument();
  expect(within(table).queryByText('Booted')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
});

test("exports the rows of the list's current filter, as the page writes them, up to the limit", async () => {
  const createUrl = vi.fn((_blob: Blob) => 'blob:export');
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: createUrl, revokeObjectURL: vi.fn() }));
  const listAll = vi.fn(async (params: ListParams) => ({ items: matching(params).slice(0, 1), total: 2 }));
  renderPage(
    {
      subject: 'the hardware log',
      fileName: 'hardware-log.csv',
      noun: 'messages',
      limit: 1,
      columns: ['level', 'message'],
      listAll,
      toRow: (e) => ({ ...e, message: e.message.toUpperCase() }),
    },
    '/log?level=ERROR',
  );
  await screen.findByText('Lost GPS');
  const button = screen.getByRole('button', { name: 'Export CSV' });
  expect(button).toHaveAttribute('title', 'Exports up to 1 matching messages');
  await userEvent.click(button);
  expect(await screen.findByText('Exported the hardware log')).toBeInTheDocument();
  expect(screen.getByText('hardware-log.csv holds the newest 1 of 2 matching messages.')).toBeInTheDocument();
  expect(listAll.mock.calls[0]?.[0].filters).toEqual({ level: 'ERROR' });
  const csv = await createUrl.mock.calls[0]?.[0].text();
  expect(csv?.trim().split(/\r?\n/)).toEqual(['level,message', 'ERROR,CELL 3 OVER VOLTAGE']);
});
