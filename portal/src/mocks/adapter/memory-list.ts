import type { ListQuery } from '@services/lib/list-query';
import { applyListQuery } from '../handlers/lib/list-query';

/** How a store reads a list query over rows in memory: the value of each sortable and filterable field, the searched text, the time of the range. */
export interface MemoryListSpec<T, S extends string, F extends string> {
  sortable: Record<S, (row: T) => string | number | boolean | null>;
  /** The value a filter's parsed values are compared with (===). */
  filterable: Record<F, (row: T) => unknown>;
  searchable: ((row: T) => string | null | undefined)[];
  /** Epoch ms that `from` and `to` bound. */
  time: (row: T) => number | null;
}

/** The rows a parsed list query (services/lib/list-query) matches, sorted and paged, with the total of matches. */
export function memoryList<T, S extends string, F extends string>(
  rows: Iterable<T>,
  query: ListQuery<S, F>,
  spec: MemoryListSpec<T, S, F>,
): { items: T[]; total: number } {
  const q = query.q?.toLowerCase();
  const from = query.from?.getTime();
  const to = query.to?.getTime();
  const filters = query.filters.map(({ field, values }) => {
    const get = spec.filterable[field];
    return (row: T) => values.includes(get(row));
  });
  const matched: T[] = [];
  for (const row of rows) {
    if (!filters.every((keep) => keep(row))) continue;
    if (from !== undefined || to !== undefined) {
      const t = spec.time(row);
      if (t === null || (from !== undefined && t < from) || (to !== undefined && t > to)) continue;
    }
    if (q && !spec.searchable.some((get) => (get(row) ?? '').toLowerCase().includes(q))) continue;
    matched.push(row);
  }
  // Sorting and paging as the demo always has (ties keep insertion order; a top page is not fully sorted).
  const page = applyListQuery(
    matched,
    { page: query.page, pageSize: query.pageSize, sort: query.sort, filters: new Map(), q: '' },
    { sortable: spec.sortable, filterable: {}, searchable: [] },
  );
  return { items: page.items, total: page.total };
}
