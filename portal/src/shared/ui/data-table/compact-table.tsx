import { Pagination, Table, type TableTrProps } from '@mantine/core';
import type { ReactNode } from 'react';

const CONTROL_LABELS = { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' };

/** A column of a compact table: its heading and what a row shows in it. */
export interface CompactColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

export interface CompactTablePaging {
  page: number;
  pageSize: number;
  /** Rows in every page; the pager shows when they need more than one. */
  total: number;
  onPageChange: (page: number) => void;
  /** The pager's name: "Trip pages". */
  label: string;
}

export interface CompactTableProps<T> {
  /** The table's name for assistive technology: "Trips". */
  label: string;
  columns: readonly CompactColumn<T>[];
  rows: readonly T[];
  getRowId: (row: T) => string;
  /** Props of a row's element, for rows that can be selected (click, keys, `aria-selected`). */
  rowProps?: (row: T) => TableTrProps & { [data: `data-${string}`]: string };
  striped?: boolean;
  highlightOnHover?: boolean;
  /** Server or client paging under the table; none: every row is shown. */
  paging?: CompactTablePaging;
}

/**
 * A small plain table with a pager, for a details page's section of a few columns (a vehicle's trips, a device's
 * commands): no sorting, column chooser or virtual scrolling. Lists of their own use `DataTable`.
 */
export function CompactTable<T>({
  label,
  columns,
  rows,
  getRowId,
  rowProps,
  striped = true,
  highlightOnHover,
  paging,
}: CompactTableProps<T>) {
  return (
    <>
      <Table striped={striped} highlightOnHover={highlightOnHover} aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header}>{c.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={getRowId(row)} {...rowProps?.(row)}>
              {columns.map((c) => (
                <Table.Td key={c.header}>{c.cell(row)}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {paging && paging.total > paging.pageSize ? (
        <Pagination
          total={Math.ceil(paging.total / paging.pageSize)}
          value={paging.page}
          onChange={paging.onPageChange}
          aria-label={paging.label}
          getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
        />
      ) : null}
    </>
  );
}
