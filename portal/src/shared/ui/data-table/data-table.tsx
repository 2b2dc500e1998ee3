import {
  Alert,
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  NativeSelect,
  Pagination,
  Popover,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconColumns } from '@tabler/icons-react';
import {
  type Cell,
  type CellContext,
  type Column,
  type ColumnDef,
  flexRender,
  type Getter,
  getCoreRowModel,
  type Row,
  type RowData,
  type Table as TanTable,
  useReactTable,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useMemo,
  useRef,
} from 'react';
import classes from './data-table.module.css';
import { useColumnVisibility } from './use-column-visibility';
import { type ListSort, PAGE_SIZES } from './use-list-params';
import { useElementVirtualizer, useVirtualCore } from './virtualizer';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Header text for the column chooser when the header is not a string. */
    label?: string;
    /** The server's sort field; the header sorts only when set. */
    sortField?: string;
  }
}

/** Rows are this tall, so the virtualiser can place them without measuring. */
export const DATA_TABLE_ROW_HEIGHT = 44;
/** Below this many rows the whole page is rendered; above it only what is in view (plus overscan). */
export const VIRTUALISE_FROM = 60;

export interface DataTableProps<T> {
  /** Accessible name of the table, and the key its column choice is remembered under. */
  label: string;
  tableId: string;
  /** Column definitions; a `cell` renderer is called as a plain function, so it must not call hooks itself. */
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column, as in TanStack's own examples
  columns: ColumnDef<T, any>[];
  rows: T[] | undefined;
  total: number;
  getRowId: (row: T) => string;
  page: number;
  pageSize: number;
  sort: ListSort | null;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
  onSortChange: (sort: ListSort | null) => void;
  isLoading: boolean;
  /** True while a newer page loads behind the rows shown. */
  isFetching?: boolean;
  error: Error | null;
  onRetry: () => void;
  onRowClick?: (row: T) => void;
  /**
   * The address a row opens (with the router's base): the identifying cell (`linkColumn`) becomes a real link to it,
   * so a row can be opened in a new tab, its link copied, and a screen reader hears a link. A plain click on it does
   * what clicking the row does (`onRowClick`).
   */
  rowLink?: (row: T) => string;
  /** The id of the identifying column (VIN, serial, name); the first column when not given. */
  linkColumn?: string;
  /** Accessible name of a row (what Enter opens). */
  rowLabel?: (row: T) => string;
  emptyText: string;
  /** Columns hidden until the user picks them. */
  hiddenByDefault?: readonly string[];
  /** Pixel height of the scrolling body. */
  height?: number;
}

function nextSort(current: ListSort | null, field: string): ListSort | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden opacity={0.4} />;
}

/**
 * A server-side list: the server pages, sorts, filters and searches; this renders one page with sortable headers,
 * a column chooser, row virtualisation for long pages, pagination, and loading, empty and error states.
 */
export function DataTable<T>({
  label,
  tableId,
  columns,
  rows,
  total,
  getRowId,
  page,
  pageSize,
  sort,
  onPageChange,
  onPageSizeChange,
  onSortChange,
  isLoading,
  isFetching = false,
  error,
  onRetry,
  onRowClick,
  rowLink,
  linkColumn,
  rowLabel,
  emptyText,
  hiddenByDefault = [],
  height = 560,
}: DataTableProps<T>) {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility(
    tableId,
    Object.fromEntries(hiddenByDefault.map((id) => [id, false])),
  );
  // TanStack keeps each row's accessor values until the data changes. Columns built again (when names a column looks
  // up arrive, say) must be read again, so new columns give the table new data: a copy of the same rows.
  // biome-ignore lint/correctness/useExhaustiveDependencies: new columns are the reason to copy the rows
  const data = useMemo(() => (rows ? rows.slice() : EMPTY), [rows, columns]);
  const table = useReactTable({
    data,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    manualPagination: true,
    manualSorting: true,
    state: { columnVisibility },
    onColumnVisibilityChange: (updater) =>
      setColumnVisibility(typeof updater === 'function' ? updater(columnVisibility) : (updater as VisibilityState)),
  });
  const scrollRef = useRef<HTMLDivElement>(null);
  const tableRows = table.getRowModel().rows;
  const visibleColumns = table.getVisibleLeafColumns();
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);

  // Rows are memoised; a ref keeps the click handler current without re-rendering every row when it changes.
  const onRowClickRef = useRef(onRowClick);
  onRowClickRef.current = onRowClick;
  const handleActivate = useCallback((row: unknown) => onRowClickRef.current?.(row as T), []);
  const link = useMemo<RowLinkCell | undefined>(() => {
    const column = linkColumn ?? columns[0]?.id ?? (columns[0] as { accessorKey?: string } | undefined)?.accessorKey;
    return rowLink && column ? { column, href: rowLink as (row: unknown) => string } : undefined;
  }, [rowLink, linkColumn, columns]);
  const columnsKey = visibleColumns.map((c) => c.id).join(',');
  // The parts below are not generic in the row type: one cast here instead of one per part.
  const untypedTable = table as TanTable<unknown>;
  const untypedColumns = visibleColumns as Column<unknown, unknown>[];
  const virtualised = tableRows.length >= VIRTUALISE_FROM;
  // A long page's virtualiser loads once that page size is chosen, so it is usually there by the time the rows are.
  const virtualiserLoaded = useVirtualCore(virtualised || pageSize >= VIRTUALISE_FROM);
  const gridId = useId();
  // A long page lays its rows out as grids, not as a table (see `VirtualRows`): one column template for the header
  // and every row, so they line up. Each column gets at least its size and a share of any extra width in proportion
  // to it, as table-layout: fixed shares it. One style rule, not a style per row: rows without their own inline style
  // share one computed style, which keeps the style recalculation of rows entering the view cheap.
  const gridRule = virtualised
    ? `[data-grid-table="${gridId}"] tr { grid-template-columns: ${visibleColumns
        .map((c) => `minmax(${c.getSize()}px, ${c.getSize()}fr)`)
        .join(' ')}; }`
    : null;

  let body: ReactNode;
  if (error && !rows) {
    body = (
      <Alert color="red" title={`Could not load ${label.toLowerCase()}`} role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Retry
          </Button>
        </Stack>
      </Alert>
    );
  } else if (isLoading && !rows) {
    body = (
      <Center h={160} role="status" aria-live="polite">
        <Group gap="xs">
          <Loader size="sm" />
          <Text size="sm">Loading {label.toLowerCase()}…</Text>
        </Group>
      </Center>
    );
  }

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite">
          {rows ? (total === 0 ? 'No results' : `${first}–${last} of ${total.toLocaleString('en')}`) : ' '}
        </Text>
        <ColumnChooser table={untypedTable} columnsKey={columnsKey} columnDefs={columns} />
      </Group>
      {body ?? (
        <Box
          ref={scrollRef}
          // A long page fills the body's height anyway; a fixed height lets the browser contain its layout and paint.
          className={virtualised ? `${classes.scroller} ${classes.contained}` : classes.scroller}
          style={{
            maxHeight: height,
            height: virtualised ? height : undefined,
          }}
          aria-busy={isFetching}
          data-testid={`${tableId}-scroll`}
        >
          {gridRule ? <style>{gridRule}</style> : null}
          <Table
            aria-label={label}
            aria-rowcount={total + 1}
            highlightOnHover={Boolean(onRowClick)}
            stickyHeader
            className={virtualised ? classes.gridTable : undefined}
            data-grid-table={virtualised ? gridId : undefined}
            style={{ tableLayout: virtualised ? undefined : 'fixed', minWidth: table.getTotalSize() }}
          >
            <HeaderRows
              table={untypedTable}
              columnsKey={columnsKey}
              columnDefs={columns}
              sort={sort}
              onSortChange={onSortChange}
              grid={virtualised}
            />
            {virtualised ? (
              virtualiserLoaded ? (
                <VirtualRows
                  rows={tableRows}
                  scrollRef={scrollRef}
                  table={untypedTable}
                  columns={untypedColumns}
                  firstIndex={(page - 1) * pageSize + 2}
                  rowLabel={rowLabel as ((row: unknown) => string) | undefined}
                  onActivate={onRowClick ? handleActivate : undefined}
                  link={link}
                />
              ) : (
                <LoadingRows />
              )
            ) : (
              <tbody>
                {tableRows.map((row) => (
                  <DataRow
                    // By position: a new page updates the rows in place instead of replacing every row's DOM.
                    key={row.index}
                    row={row}
                    table={untypedTable}
                    columns={untypedColumns}
                    rowIndex={(page - 1) * pageSize + row.index + 2}
                    label={rowLabel?.(row.original)}
                    onActivate={onRowClick ? handleActivate : undefined}
                    link={link}
                  />
                ))}
                {tableRows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={visibleColumns.length}>
                      <Text ta="center" c="dimmed" py="lg">
                        {emptyText}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
              </tbody>
            )}
          </Table>
        </Box>
      )}
      {error && rows ? (
        <Alert color="red" role="alert" title="Could not refresh the list">
          <Group gap="xs">
            <Text size="sm">{error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Retry
            </Button>
          </Group>
        </Alert>
      ) : null}
      <ListPagination
        page={page}
        pageSize={pageSize}
        pageCount={pageCount}
        onPageChange={onPageChange}
        onPageSizeChange={onPageSizeChange}
      />
    </Stack>
  );
}

const EMPTY: never[] = [];

/**
 * A long page's body while its virtualiser loads (the first long page only, see `useVirtualCore`): one row of the
 * grid layout the rows will have, across all the columns.
 */
function LoadingRows() {
  return (
    <tbody className={classes.gridBody}>
      <tr className={classes.gridRow}>
        <td style={{ gridColumn: '1 / -1' }}>
          <Center h={120} role="status" aria-live="polite">
            <Group gap="xs">
              <Loader size="sm" />
              <Text size="sm">Loading rows…</Text>
            </Group>
          </Center>
        </td>
      </tr>
    </tbody>
  );
}

interface VirtualRowsProps {
  rows: Row<unknown>[];
  scrollRef: RefObject<HTMLDivElement | null>;
  table: TanTable<unknown>;
  columns: Column<unknown, unknown>[];
  /** aria-rowindex of the first row of the page. */
  firstIndex: number;
  rowLabel: ((row: unknown) => string) | undefined;
  onActivate: ((row: unknown) => void) | undefined;
  link: RowLinkCell | undefined;
}

/**
 * The rows of a long page, only those in view (plus a few): its own component, so that a scroll re-renders this
 * body and not the table's header, column chooser and pagination. Rows have a fixed height, so nothing is measured.
 * Rendered once the virtualiser's core has loaded (`useVirtualCore`; `LoadingRows` shows until then).
 *
 * The table, its header and body are blocks and each row a grid on the table's column template: no table layout. In
 * table layout every row entering the view re-laid out all the rendered rows and re-recorded their paint (~40 % of
 * a scroll frame's layout and a quarter of its paint; 0050, session 5). The rows stay in document order and the
 * space above and below them is the body's padding, so they are laid out in normal flow: no row is positioned or
 * transformed on its own (absolutely placed rows cost more style recalculation than table layout saved, 0050,
 * session 4).
 */
function VirtualRows({ rows, scrollRef, table, columns, firstIndex, rowLabel, onActivate, link }: VirtualRowsProps) {
  const virtualizer = useElementVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => DATA_TABLE_ROW_HEIGHT,
    overscan: 4,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  return (
    <tbody className={classes.gridBody} style={{ paddingTop: padTop, paddingBottom: padBottom }}>
      {items.map((item) => {
        const row = rows[item.index];
        if (!row) return null;
        return (
          <DataRow
            key={row.index}
            row={row}
            table={table}
            columns={columns}
            rowIndex={firstIndex + row.index}
            label={rowLabel?.(row.original)}
            onActivate={onActivate}
            link={link}
            grid
          />
        );
      })}
    </tbody>
  );
}

interface DataRowProps {
  row: Row<unknown>;
  table: TanTable<unknown>;
  /**
   * The visible columns (TanStack's memoised list: a new array when the column choice or the column definitions
   * change, e.g. names that arrived later, which re-renders the row).
   */
  columns: Column<unknown, unknown>[];
  rowIndex: number;
  label: string | undefined;
  onActivate: ((row: unknown) => void) | undefined;
  link: RowLinkCell | undefined;
  /** A virtualised row, laid out as a grid on the table's column template. */
  grid?: boolean;
}

/**
 * A cell's content. A cell renderer is called as a function, not mounted as a component (as `flexRender` does): pages
 * build their column definitions again when lookups arrive (model names) or permissions change, and a new function
 * there would be a new component type, remounting every cell's content (an open row menu closed) and adding one
 * component per cell to each render. So cell renderers must not call hooks; they render components that do.
 *
 * The renderer's context is made here for this call and dropped, instead of TanStack's `row.getVisibleCells()`: that
 * creates and keeps a cell object with memoised closures per row and column, which while a 1,000-row page scrolls
 * is most of what the page allocates and keeps (~2.8 of 4.7 MB per scroll), so young-generation collections copy
 * it and pause a frame (0050, session 5).
 */
function renderCell(table: TanTable<unknown>, row: Row<unknown>, column: Column<unknown, unknown>): ReactNode {
  const getValue = (() => row.getValue(column.id)) as Getter<unknown>;
  const renderValue = (() => getValue() ?? table.options.renderFallbackValue) as Getter<unknown>;
  const cell = { id: `${row.id}_${column.id}`, row, column, getValue, renderValue } as Cell<unknown, unknown>;
  const context: CellContext<unknown, unknown> = { table, row, column, cell, getValue, renderValue };
  cell.getContext = () => context;
  const template = column.columnDef.cell;
  return typeof template === 'function' ? template(context) : flexRender(template, context);
}

/**
 * A table wider than its box scrolls sideways with its first column (what identifies the row) and its row menu
 * (`actions`) held at the edges, so a row stays recognisable and its actions reachable (#18 item 11).
 */
function stickyClass(columnId: string, index: number): string | undefined {
  if (index === 0) return classes.stickyStart;
  if (columnId === 'actions') return classes.stickyEnd;
  return undefined;
}

/** A body cell's classes: the cell's own, and its sticky edge if it has one. */
function cellClass(columnId: string, index: number): string | undefined {
  const sticky = stickyClass(columnId, index);
  return sticky ? `${classes.cell} ${sticky}` : classes.cell;
}

/** Which cell of a row is its link, and where the link leads. */
interface RowLinkCell {
  column: string;
  href: (row: unknown) => string;
}

/**
 * The identifying cell's link. A plain click opens the row in place, as a click elsewhere on the row does (through the
 * router, no page load); a click with a modifier (new tab, new window) and a middle click are the browser's, and do
 * not also open the row here. It is not a tab stop of its own: the row already is one (Enter opens it), and a second
 * stop per row would double the keys a keyboard user presses through a long list.
 */
function RowLink({ href, onOpen, children }: { href: string; onOpen: (() => void) | undefined; children: ReactNode }) {
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.stopPropagation();
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || !onOpen) return;
    event.preventDefault();
    onOpen();
  };
  return (
    <a href={href} tabIndex={-1} className={classes.rowLink} onClick={handleClick}>
      {children}
    </a>
  );
}

/**
 * One body row. Memoised: while a long page scrolls, only rows entering the view render (TanStack keeps row objects
 * stable until the data or the columns change).
 */
const DataRow = memo(function DataRow({ row, table, columns, rowIndex, label, onActivate, link, grid }: DataRowProps) {
  const handleKey = (event: KeyboardEvent<HTMLTableRowElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onActivate?.(row.original);
    }
  };
  return (
    <tr
      aria-rowindex={rowIndex}
      aria-label={label}
      tabIndex={onActivate ? 0 : undefined}
      onClick={onActivate ? () => onActivate(row.original) : undefined}
      onKeyDown={onActivate ? handleKey : undefined}
      className={[classes.row, onActivate && classes.clickable, grid && classes.gridRow].filter(Boolean).join(' ')}
    >
      {columns.map((column, index) => (
        <td key={column.id} className={cellClass(column.id, index)}>
          {link?.column === column.id ? (
            <RowLink href={link.href(row.original)} onOpen={onActivate ? () => onActivate(row.original) : undefined}>
              {renderCell(table, row, column)}
            </RowLink>
          ) : (
            renderCell(table, row, column)
          )}
        </td>
      ))}
    </tr>
  );
});

interface TablePartProps {
  /** TanStack's table: one stable object whose state changes inside, so it never re-renders a memoised part alone. */
  table: TanTable<unknown>;
  /** Visible column ids: a change of the column choice re-renders the part. */
  columnsKey: string;
  /** The column definitions: new headers or labels re-render the part. */
  columnDefs: unknown;
}

/**
 * The "Columns" button and its checkboxes. Memoised on the column choice: a new page of rows does not re-render
 * Mantine's popover (about 2 ms per render).
 */
const ColumnChooser = memo(function ColumnChooser({ table }: TablePartProps) {
  return (
    <Popover position="bottom-end" shadow="md" withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={14} />}>
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6} role="group" aria-label="Shown columns">
          {table
            .getAllLeafColumns()
            .filter((c) => c.getCanHide())
            .map((column) => (
              <Checkbox
                key={column.id}
                size="xs"
                label={column.columnDef.meta?.label ?? column.id}
                checked={column.getIsVisible()}
                onChange={(e) => column.toggleVisibility(e.currentTarget.checked)}
              />
            ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
});

interface HeaderRowsProps extends TablePartProps {
  sort: ListSort | null;
  onSortChange: (sort: ListSort | null) => void;
  /** A virtualised page: the header row is a grid on the table's column template, not table layout. */
  grid: boolean;
}

/** The sortable header. Memoised on the columns and the sort: a new page of rows does not re-render it. */
const HeaderRows = memo(function HeaderRows({ table, sort, onSortChange, grid }: HeaderRowsProps) {
  return (
    <Table.Thead className={grid ? classes.gridHead : undefined}>
      {table.getHeaderGroups().map((group) => (
        <Table.Tr key={group.id} className={grid ? classes.gridRow : undefined}>
          {group.headers.map((header, index) => {
            const field = header.column.columnDef.meta?.sortField;
            const direction = field && sort?.field === field ? sort.direction : null;
            const content = flexRender(header.column.columnDef.header, header.getContext());
            return (
              <Table.Th
                key={header.id}
                className={stickyClass(header.column.id, index)}
                style={grid ? { whiteSpace: 'nowrap' } : { width: header.getSize(), whiteSpace: 'nowrap' }}
                aria-sort={
                  field ? (direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none') : undefined
                }
              >
                {field ? (
                  <UnstyledButton
                    onClick={() => onSortChange(nextSort(sort, field))}
                    fw={600}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    {content}
                    <SortIcon direction={direction} />
                  </UnstyledButton>
                ) : (
                  content
                )}
              </Table.Th>
            );
          })}
        </Table.Tr>
      ))}
    </Table.Thead>
  );
});

interface ListPaginationProps {
  page: number;
  pageSize: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
}

const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }));
const paginationControlProps = (control: string) => ({ 'aria-label': `${control} page` });
const paginationItemProps = (p: number) => ({ 'aria-label': `Page ${p}` });

/** Page size and pages. Memoised: a new page of rows re-renders it only when the number of pages changes. */
const ListPagination = memo(function ListPagination({
  page,
  pageSize,
  pageCount,
  onPageChange,
  onPageSizeChange,
}: ListPaginationProps) {
  return (
    <Group justify="space-between">
      <NativeSelect
        aria-label="Rows per page"
        size="xs"
        w={110}
        value={String(pageSize)}
        data={PAGE_SIZE_OPTIONS}
        onChange={(e) => onPageSizeChange(Number(e.currentTarget.value))}
      />
      <Pagination
        total={pageCount}
        value={Math.min(page, pageCount)}
        onChange={onPageChange}
        size="sm"
        siblings={1}
        getControlProps={paginationControlProps}
        getItemProps={paginationItemProps}
      />
    </Group>
  );
});
