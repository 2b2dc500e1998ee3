import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export interface ListSort {
  field: string;
  direction: 'asc' | 'desc';
}

/** What a server-side list shows: kept in the URL search params so a filtered, sorted list is a link. */
export interface ListParams {
  page: number;
  pageSize: number;
  sort: ListSort | null;
  q: string;
  /** Filter field -> value; absent keys are unfiltered. */
  filters: Record<string, string>;
}

export const PAGE_SIZES = [25, 50, 100, 500, 1000] as const;
export const DEFAULT_LIST_PAGE_SIZE = 25;

function parsePositive(value: string | null, fallback: number): number {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
}

/** Reads list params from URL search params; unknown filter keys are ignored. */
export function readListParams(search: URLSearchParams, filterKeys: readonly string[]): ListParams {
  const [field, direction] = (search.get('sort') ?? '').split(':');
  const filters: Record<string, string> = {};
  for (const key of filterKeys) {
    const value = search.get(key);
    if (value) filters[key] = value;
  }
  const pageSize = parsePositive(search.get('pageSize'), DEFAULT_LIST_PAGE_SIZE);
  return {
    page: parsePositive(search.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_LIST_PAGE_SIZE,
    sort: field && (direction === 'asc' || direction === 'desc') ? { field, direction } : null,
    q: search.get('q') ?? '',
    filters,
  };
}

/** Writes a change into URL search params; any change but the page itself goes back to page 1. */
export function writeListParams(
  search: URLSearchParams,
  patch: Partial<ListParams>,
  filterKeys: readonly string[],
): URLSearchParams {
  const next = new URLSearchParams(search);
  const set = (key: string, value: string | null) => (value ? next.set(key, value) : next.delete(key));
  if (patch.pageSize !== undefined)
    set('pageSize', patch.pageSize === DEFAULT_LIST_PAGE_SIZE ? null : String(patch.pageSize));
  if (patch.sort !== undefined) set('sort', patch.sort ? `${patch.sort.field}:${patch.sort.direction}` : null);
  if (patch.q !== undefined) set('q', patch.q.trim() || null);
  if (patch.filters !== undefined) for (const key of filterKeys) set(key, patch.filters[key] ?? null);
  const pageOnly = Object.keys(patch).every((k) => k === 'page');
  set('page', pageOnly && patch.page && patch.page > 1 ? String(patch.page) : null);
  return next;
}

/**
 * The list params of the current URL and a setter that replaces them (history keeps one entry per list visit).
 * `onChange` receives the new params in the event that changes them, before React renders: a list starts loading
 * its next page there, while the router and React do their work, instead of after the commit.
 */
export function useListParams(
  filterKeys: readonly string[],
  onChange?: (next: ListParams) => void,
): [ListParams, (patch: Partial<ListParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const keysId = filterKeys.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: keysId stands for filterKeys, which callers rebuild per render
  const params = useMemo(() => readListParams(search, filterKeys), [search, keysId]);
  // React Router's setter changes with every URL; refs keep `update` stable, so memoised filter bars and tables do
  // not re-render when only the data changes.
  const latest = useRef({ search, setSearch, onChange });
  latest.current = { search, setSearch, onChange };
  // biome-ignore lint/correctness/useExhaustiveDependencies: keysId stands for filterKeys, which callers rebuild per render
  const update = useCallback(
    (patch: Partial<ListParams>) => {
      const next = writeListParams(latest.current.search, patch, filterKeys);
      latest.current.onChange?.(readListParams(next, filterKeys));
      // List params are not route data: no loader needs to re-run (the route guard reads the path and the session),
      // so the navigation commits at once instead of passing through a "loading" state that re-renders the shell.
      latest.current.setSearch(next, { replace: true, defaultShouldRevalidate: false });
    },
    [keysId],
  );
  return [params, update];
}

/** The query of the contract's list conventions (`page`, `pageSize`, `sort`, `q`, `filter[field]`). */
export function toListQuery(params: ListParams) {
  return {
    page: params.page,
    pageSize: params.pageSize,
    ...(params.sort ? { sort: `${params.sort.field}:${params.sort.direction}` } : {}),
    ...(params.q.trim() ? { q: params.q.trim() } : {}),
    ...(Object.keys(params.filters).length > 0 ? { filter: params.filters } : {}),
  };
}
