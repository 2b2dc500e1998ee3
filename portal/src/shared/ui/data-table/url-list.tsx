import { Button, Group } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { memo, type RefObject, useCallback, useEffect, useMemo } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import { DataTable, type DataTableProps } from './data-table';
import { type FilterDef, FilterBar } from './filter-bar';
import { type ListParams, type ListSort, useListParams } from './use-list-params';

/** A page of a list endpoint, as the contract's list conventions answer it. */
export interface ListPage<T> {
  items: T[];
  total: number;
}

/** What the table shows that is not the list's params or its query: the page's own part. */
type TableProps<T> = Pick<
  DataTableProps<T>,
  'label' | 'tableId' | 'columns' | 'getRowId' | 'rowLabel' | 'emptyText' | 'hiddenByDefault' | 'linkColumn'
>;

export interface UrlListProps<T> extends TableProps<T> {
  /** The filters the URL may carry. */
  filterKeys: readonly string[];
  /** The list's query for the params in the URL (a hook: the same one on every render). */
  useList: (params: ListParams) => UseQueryResult<ListPage<T>>;
  /** Starts loading the next page in the event that changes the params, before React renders the change. */
  prefetch?: (next: ListParams) => void;
  searchLabel: string;
  filterDefs: FilterDef[];
  /**
   * Where a row leads when it is clicked or opened with Enter (none: rows do not open). Its identifying cell
   * (`linkColumn`, else the first column) is a real link there too.
   */
  rowHref?: (row: T) => string;
  /** The add button at the end of the filter bar's row, for a list without a page header of its own ("Add logger"). */
  addLabel?: string;
  /** Opens the add form; without it (no right to add) there is no add button. */
  onAdd?: () => void;
  /** Set to the params shown, for what the page does with them outside the list (its export). */
  paramsRef?: RefObject<ListParams | null>;
}

/**
 * A server-side list whose params live in the URL: the filter bar and the table. Only this reads the params (and so
 * the router), so a filter, sort or page change re-renders the list and not the page around it (its header, buttons
 * and closed dialogs). It is memoised: give it stable props (memoised columns and filters, callbacks that do not
 * change per render), or it re-renders with its page.
 */
function UrlListView<T>({
  filterKeys,
  useList,
  prefetch,
  searchLabel,
  filterDefs,
  addLabel,
  onAdd,
  paramsRef,
  rowHref,
  ...table
}: UrlListProps<T>) {
  const navigate = useNavigate();
  const [params, setParams] = useListParams(filterKeys, prefetch);
  useEffect(() => {
    if (paramsRef) paramsRef.current = params;
  }, [params, paramsRef]);
  const handleSearchChange = useCallback((q: string) => setParams({ q }), [setParams]);
  const handleFiltersChange = useCallback((filters: Record<string, string>) => setParams({ filters }), [setParams]);
  const handlePageChange = useCallback((page: number) => setParams({ page }), [setParams]);
  const handlePageSizeChange = useCallback((pageSize: number) => setParams({ pageSize }), [setParams]);
  const handleSortChange = useCallback((sort: ListSort | null) => setParams({ sort }), [setParams]);
  // The router's base, for the links' addresses: `rowHref` gives paths inside the app, as `navigate` takes them. A
  // query alone ("?entry=…") is left as it is: the browser resolves it against the page it is on, as `navigate` does.
  const base = useHref('/').replace(/\/$/, '');
  const rowLink = useMemo(
    () =>
      rowHref
        ? (row: T) => {
            const href = rowHref(row);
            return href.startsWith('/') ? `${base}${href}` : href;
          }
        : undefined,
    [base, rowHref],
  );
  const handleRowClick = useCallback(
    (row: T) => {
      if (rowHref) void navigate(rowHref(row));
    },
    [navigate, rowHref],
  );
  const filterBar = (
    <FilterBar
      searchLabel={searchLabel}
      q={params.q}
      filters={params.filters}
      defs={filterDefs}
      onSearchChange={handleSearchChange}
      onFiltersChange={handleFiltersChange}
    />
  );
  return (
    <>
      {addLabel && onAdd ? (
        <Group justify="space-between" align="flex-end">
          {filterBar}
          <Button leftSection={<IconPlus size={16} />} onClick={onAdd}>
            {addLabel}
          </Button>
        </Group>
      ) : (
        filterBar
      )}
      <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
        <UrlListTable
          {...table}
          params={params}
          useList={useList}
          onPageChange={handlePageChange}
          onPageSizeChange={handlePageSizeChange}
          onSortChange={handleSortChange}
          onRowClick={rowHref ? handleRowClick : undefined}
          rowLink={rowLink}
        />
      </div>
    </>
  );
}

interface UrlListTableProps<T>
  extends TableProps<T>,
    Pick<DataTableProps<T>, 'onPageChange' | 'onPageSizeChange' | 'onSortChange' | 'onRowClick' | 'rowLink'> {
  params: ListParams;
  useList: UrlListProps<T>['useList'];
}

/**
 * The list's query and table, memoised on their own: an answer re-renders the table, not the filter bar above it.
 */
function UrlListTableView<T>({ params, useList, ...table }: UrlListTableProps<T>) {
  const list = useList(params);
  const { refetch } = list;
  const handleRetry = useCallback(() => void refetch(), [refetch]);
  return (
    <DataTable
      {...table}
      rows={list.data?.items}
      total={list.data?.total ?? 0}
      page={params.page}
      pageSize={params.pageSize}
      sort={params.sort}
      isLoading={list.isPending}
      isFetching={list.isFetching && list.isPlaceholderData}
      error={list.error}
      onRetry={handleRetry}
    />
  );
}

const UrlListTable = memo(UrlListTableView) as typeof UrlListTableView;

export const UrlList = memo(UrlListView) as typeof UrlListView;
