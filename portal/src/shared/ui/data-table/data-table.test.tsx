import { MantineProvider } from '@mantine/core';
import { createColumnHelper } from '@tanstack/react-table';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { afterEach, beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest';
import { DataTable, type DataTableProps } from './data-table';
import { RowActions } from './row-actions';
import type { ListSort } from './use-list-params';

// Counts renders of the Mantine parts that the rows must not drag along (the column chooser's popover, the pages).
const renders = vi.hoisted(() => ({ popover: 0, pagination: 0 }));
vi.mock('@mantine/core', async (importOriginal) => {
  const mantine = await importOriginal<typeof import('@mantine/core')>();
  const Popover = Object.assign((props: ComponentProps<typeof mantine.Popover>) => {
    renders.popover += 1;
    return <mantine.Popover {...props} />;
  }, mantine.Popover);
  const Pagination = Object.assign((props: ComponentProps<typeof mantine.Pagination>) => {
    renders.pagination += 1;
    return <mantine.Pagination {...props} />;
  }, mantine.Pagination);
  return { ...mantine, Popover, Pagination };
});

afterEach(cleanup);

interface Item {
  id: string;
  name: string;
}

const noop = () => {};
const col = createColumnHelper<Item>();
let headerRenders = 0;
/** New column definitions each call, as a page builds them again when names or permissions arrive. */
const makeColumns = () => [
  col.accessor('name', {
    header: () => {
      headerRenders += 1;
      return 'Name';
    },
    meta: { label: 'Name', sortField: 'name' },
  }),
  col.display({
    id: 'actions',
    header: '',
    enableHiding: false,
    cell: (c) => <RowActions name={c.row.original.name} actions={[{ label: 'Edit', onClick: noop }]} />,
  }),
];
const columns = makeColumns();

const onSortChange = vi.fn<(sort: ListSort | null) => void>();
const getRowId = (item: Item) => item.id;

function table(
  rows: Item[],
  total: number,
  sort: ListSort | null = null,
  columnDefs: DataTableProps<Item>['columns'] = columns,
  extra: Partial<DataTableProps<Item>> = {},
) {
  return (
    <MantineProvider env="test">
      <DataTable
        label="Items"
        tableId="items-test"
        columns={columnDefs}
        rows={rows}
        total={total}
        getRowId={getRowId}
        page={1}
        pageSize={25}
        sort={sort}
        onPageChange={noop}
        onPageSizeChange={noop}
        onSortChange={onSortChange}
        isLoading={false}
        error={null}
        onRetry={noop}
        emptyText="No items."
        {...extra}
      />
    </MantineProvider>
  );
}

const page1 = [
  { id: '1', name: 'Alpha' },
  { id: '2', name: 'Beta' },
];
const page2 = [
  { id: '3', name: 'Gamma' },
  { id: '4', name: 'Delta' },
];

beforeEach(() => {
  renders.popover = 0;
  renders.pagination = 0;
  headerRenders = 0;
  onSortChange.mockClear();
  localStorage.clear();
});

describe('DataTable', () => {
  test('new rows render without re-rendering the header, the column chooser or the pagination', () => {
    const { rerender } = render(table(page1, 2));
    expect(screen.getByRole('cell', { name: 'Alpha' })).toBeInTheDocument();
    const before = { ...renders, header: headerRenders };

    rerender(table(page2, 2));

    expect(screen.getByRole('cell', { name: 'Gamma' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Alpha' })).not.toBeInTheDocument();
    expect({ ...renders, header: headerRenders }).toEqual(before);
  });

  test('a new sort re-renders the header with its direction', () => {
    const { rerender } = render(table(page1, 2));
    const before = headerRenders;

    rerender(table(page1, 2, { field: 'name', direction: 'asc' }));

    expect(headerRenders).toBeGreaterThan(before);
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
  });

  test('a new total re-renders the pagination with its pages', () => {
    const { rerender } = render(table(page1, 2));
    const before = renders.pagination;

    rerender(table(page1, 60));

    expect(renders.pagination).toBeGreaterThan(before);
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
  });

  test('the column chooser still hides a column', async () => {
    const user = userEvent.setup();
    render(table(page1, 2));

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(await screen.findByRole('checkbox', { name: 'Name' }));

    expect(screen.queryByRole('columnheader', { name: 'Name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Alpha' })).not.toBeInTheDocument();
  });

  test('a header click asks for the next sort', async () => {
    const user = userEvent.setup();
    render(table(page1, 2));

    await user.click(screen.getByRole('button', { name: 'Name' }));

    expect(onSortChange).toHaveBeenCalledWith({ field: 'name', direction: 'asc' });
  });

  test("a row's open menu does not carry over to the row that takes its place on the next page", async () => {
    const user = userEvent.setup();
    const { rerender } = render(table(page1, 4));
    await user.click(screen.getByRole('button', { name: 'Actions for Alpha' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();

    rerender(table(page2, 4));

    expect(screen.getByRole('button', { name: 'Actions for Gamma' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Edit' })).not.toBeInTheDocument());
  });

  test("a row's open menu stays open when the page builds its column definitions again", async () => {
    const user = userEvent.setup();
    const { rerender } = render(table(page1, 2));
    await user.click(screen.getByRole('button', { name: 'Actions for Alpha' }));
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();

    // New cell functions (e.g. model names arrived): the cells update in place instead of remounting their content.
    rerender(table(page1, 2, null, makeColumns()));

    expect(screen.getByRole('menuitem', { name: 'Edit' })).toBeInTheDocument();
  });

  test('columns built again read their values again (a name that arrived after the rows)', () => {
    const withNames = (names: Map<string, string>) => [
      col.accessor((item) => names.get(item.id) ?? item.id, { id: 'owner', header: 'Owner', meta: { label: 'Owner' } }),
    ];
    const { rerender } = render(table(page1, 2, null, withNames(new Map())));
    expect(screen.getByRole('cell', { name: '1' })).toBeInTheDocument();

    rerender(table(page1, 2, null, withNames(new Map([['1', 'Ampere Motors']]))));

    expect(screen.getByRole('cell', { name: 'Ampere Motors' })).toBeInTheDocument();
  });
});

describe('DataTable long pages', () => {
  test('a long page shows a loading row while its virtualiser loads, then only the rows in view', async () => {
    // jsdom lays nothing out: the scrolling body reports the height a browser gives it.
    const height = vi.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(560);
    onTestFinished(() => height.mockRestore());
    const rows = Array.from({ length: 100 }, (_, i) => ({ id: String(i), name: `Item ${i}` }));
    render(table(rows, 250, null, columns, { pageSize: 100 }));

    // The first long page of the app: the virtualiser's core is not loaded yet.
    expect(screen.getByRole('status')).toHaveTextContent('Loading rows…');

    expect(await screen.findByRole('cell', { name: 'Item 0' })).toBeInTheDocument();
    expect(screen.queryByText('Loading rows…')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Items' })).toHaveAttribute('aria-rowcount', '251');
    // Virtualised: the rows in the body's 560 px (and a few more) are rendered, the rest not.
    expect(screen.getByRole('cell', { name: 'Item 12' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Item 99' })).not.toBeInTheDocument();

    // A scroll renders the rows that come into view (in the scroll's own task).
    const body = screen.getByTestId('items-test-scroll');
    body.scrollTop = 44 * 80;
    fireEvent.scroll(body);
    expect(screen.getByRole('cell', { name: 'Item 90' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Item 0' })).not.toBeInTheDocument();
  });
});

describe('DataTable row links', () => {
  const onRowClick = vi.fn<(item: Item) => void>();
  const linked = () =>
    table(page1, 2, null, columns, {
      onRowClick,
      rowLink: (item) => `/base/items/${item.id}`,
      rowLabel: (item) => `Item ${item.name}`,
    });
  beforeEach(() => onRowClick.mockClear());

  test('the identifying cell is a real link to the row, and the row is still the tab stop', () => {
    render(linked());
    const link = screen.getByRole('link', { name: 'Alpha' });
    expect(link).toHaveAttribute('href', '/base/items/1');
    expect(link).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('row', { name: 'Item Alpha' })).toHaveAttribute('tabindex', '0');
    // Only the identifying column: the actions cell is no link.
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });

  test('a plain click on the link opens the row once, in place', async () => {
    render(linked());
    const link = screen.getByRole('link', { name: 'Beta' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick).toHaveBeenCalledWith(page1[1]);
  });

  test('a click with a modifier is left to the browser (a new tab) and does not also open the row here', () => {
    render(linked());
    const link = screen.getByRole('link', { name: 'Alpha' });
    for (const modifier of ['ctrlKey', 'metaKey', 'shiftKey'] as const) {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, [modifier]: true });
      link.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(onRowClick).not.toHaveBeenCalled();
  });

  test('a click elsewhere on the row still opens it', async () => {
    render(linked());
    const row = screen.getByRole('row', { name: 'Item Alpha' });
    await userEvent.click(row);
    expect(onRowClick).toHaveBeenCalledWith(page1[0]);
  });
});
