import type { UseQueryResult } from '@tanstack/react-query';
import type { ListParams } from './use-list-params';

/** A page of a list endpoint, as the contract's list conventions answer it. */
interface ListPage<T> {
  items: T[];
  total: number;
}

/**
 * The `DataTable` props that follow from a list query and the URL list params: rows and total, paging and sort
 * written back to the URL, and the loading, refetching and error states with a retry. A page adds what is its own
 * (label, columns, row id, row click, empty text).
 */
export function listTableProps<T>(
  list: UseQueryResult<ListPage<T>>,
  params: ListParams,
  setParams: (patch: Partial<ListParams>) => void,
) {
  return {
    rows: list.data?.items,
    total: list.data?.total ?? 0,
    page: params.page,
    pageSize: params.pageSize,
    sort: params.sort,
    onPageChange: (page: number) => setParams({ page }),
    onPageSizeChange: (pageSize: number) => setParams({ pageSize }),
    onSortChange: (sort: ListParams['sort']) => setParams({ sort }),
    isLoading: list.isPending,
    isFetching: list.isFetching && list.isPlaceholderData,
    error: list.error,
    onRetry: () => void list.refetch(),
  };
}
