import { type ListParams, toListQuery } from '@/shared/ui/data-table/use-list-params';

/** The URL keys of the date range (days, `YYYY-MM-DD`, local time); they go to the server as `from` / `to`. */
export const RANGE_KEYS = ['from', 'to'] as const;

/** Start (or end) of a local day as an ISO instant; undefined for an empty or malformed day. */
export function dayBoundary(day: string | undefined, end: boolean): string | undefined {
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = end ? new Date(y, m - 1, d, 23, 59, 59, 999) : new Date(y, m - 1, d, 0, 0, 0, 0);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The contract's list query for list params whose filters may hold the date range. */
export function toRangedListQuery(params: ListParams) {
  const { from, to, ...filters } = params.filters;
  const query = toListQuery({ ...params, filters });
  const fromIso = dayBoundary(from, false);
  const toIso = dayBoundary(to, true);
  return { ...query, ...(fromIso ? { from: fromIso } : {}), ...(toIso ? { to: toIso } : {}) };
}
