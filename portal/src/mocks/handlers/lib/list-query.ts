import { invalidQuery } from './http-error';

export interface SortKey {
  field: string;
  direction: 'asc' | 'desc';
}

/** A list request parsed by the conventions of openapi.yaml. */
export interface ListQuery {
  page: number;
  pageSize: number;
  sort: SortKey[];
  filters: Map<string, string[]>;
  q: string;
  from?: number;
  to?: number;
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;

/** How one resource lists: which fields sort, which filter, which are searched, and the main timestamp for from/to. */
export interface ListSpec<T> {
  /** Field name -> value used to sort. */
  sortable: Record<string, (row: T) => string | number | boolean | null>;
  /** Field name -> value(s) compared with the filter's values (as strings). */
  filterable: Record<string, (row: T) => string | number | boolean | null>;
  /** Text fields `q` searches. */
  searchable: ((row: T) => string | null | undefined)[];
  /** The timestamp `from` / `to` apply to (epoch ms). */
  time?: (row: T) => number | null;
  /** Sort used when the request gives none. */
  defaultSort?: SortKey[];
}

function parseTime(name: string, value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw invalidQuery(`${name} must be an ISO 8601 date-time.`);
  return ms;
}

function parsePositiveInt(name: string, value: string | null, fallback: number, max?: number): number {
  if (value === null || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || (max !== undefined && n > max)) {
    throw invalidQuery(`${name} must be a whole number from 1${max ? ` to ${max}` : ''}.`);
  }
  return n;
}

/** Parses page, pageSize, sort, filter[...], q, from and to; throws 400 invalid_query on anything the spec cannot do. */
export function parseListQuery<T>(url: URL, spec: ListSpec<T>): ListQuery {
  const params = url.searchParams;
  const sort: SortKey[] = [];
  for (const part of (params.get('sort') ?? '').split(',').filter(Boolean)) {
    const [field = '', direction = 'asc'] = part.split(':');
    if (!Object.hasOwn(spec.sortable, field)) throw invalidQuery(`Cannot sort by "${field}".`);
    if (direction !== 'asc' && direction !== 'desc')
      throw invalidQuery(`Sort direction must be asc or desc, not "${direction}".`);
    sort.push({ field, direction });
  }
  const filters = new Map<string, string[]>();
  for (const [key, value] of params) {
    const match = /^filter\[(.+)\]$/.exec(key);
    if (!match) continue;
    const field = match[1] as string;
    if (!Object.hasOwn(spec.filterable, field)) throw invalidQuery(`Cannot filter by "${field}".`);
    const values = value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
    if (values.length > 0) filters.set(field, [...(filters.get(field) ?? []), ...values]);
  }
  const from = parseTime('from', params.get('from'));
  const to = parseTime('to', params.get('to'));
  if ((from !== undefined || to !== undefined) && !spec.time) throw invalidQuery('This list has no date range.');
  return {
    page: parsePositiveInt('page', params.get('page'), 1),
    pageSize: parsePositiveInt('pageSize', params.get('pageSize'), DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    sort: sort.length > 0 ? sort : (spec.defaultSort ?? []),
    filters,
    q: (params.get('q') ?? '').trim().toLowerCase(),
    ...(from !== undefined ? { from } : {}),
    ...(to !== undefined ? { to } : {}),
  };
}

/** One page of rows plus the total number of matches. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

const isEmpty = (value: unknown) => value === null || value === undefined;
// One collator for every comparison: `localeCompare` with options builds a new one per call, 20x slower on 100k rows.
const collator = new Intl.Collator('en', { numeric: true });

/** Compares two sort values in a direction; empty values sort last in both directions. */
function compare(a: unknown, b: unknown, sign: number): number {
  if (a === b) return 0;
  if (isEmpty(a)) return isEmpty(b) ? 0 : 1;
  if (isEmpty(b)) return -1;
  if (typeof a === 'number' && typeof b === 'number') return (a - b) * sign;
  return collator.compare(String(a), String(b)) * sign;
}

/** Filters, searches, sorts and pages rows by a parsed query. */
export function applyListQuery<T>(rows: Iterable<T>, query: ListQuery, spec: ListSpec<T>): Page<T> {
  const filters = [...query.filters].map(([field, values]) => {
    const get = spec.filterable[field] as (row: T) => unknown;
    const wanted = new Set(values);
    return (row: T) => wanted.has(String(get(row)));
  });
  const { q, from, to } = query;
  const matched: T[] = [];
  for (const row of rows) {
    if (!filters.every((keep) => keep(row))) continue;
    if (spec.time && (from !== undefined || to !== undefined)) {
      const t = spec.time(row);
      if (t === null || (from !== undefined && t < from) || (to !== undefined && t > to)) continue;
    }
    if (q && !spec.searchable.some((get) => (get(row) ?? '').toLowerCase().includes(q))) continue;
    matched.push(row);
  }
  const start = (query.page - 1) * query.pageSize;
  const end = start + query.pageSize;
  let sorted = matched;
  if (query.sort.length > 0) {
    const keys = query.sort.map(({ field, direction }) => ({
      get: spec.sortable[field] as (row: T) => unknown,
      sign: direction === 'asc' ? 1 : -1,
    }));
    // Read each row's sort values once (not twice per comparison): 100,000 rows sort several times faster.
    const decorated = matched.map((row, at) => ({ row, at, values: keys.map(({ get }) => get(row)) }));
    // Ties keep the rows' order, so every page of a list agrees with every other.
    const before = (a: Decorated<T>, b: Decorated<T>) => {
      for (let i = 0; i < keys.length; i += 1) {
        const c = compare(a.values[i], b.values[i], (keys[i] as { sign: number }).sign);
        if (c !== 0) return c;
      }
      return a.at - b.at;
    };
    const ordered = end * 8 < decorated.length ? firstInOrder(decorated, end, before) : decorated.sort(before);
    sorted = ordered.map((d) => d.row);
  }
  return {
    items: sorted.slice(start, end),
    total: matched.length,
    page: query.page,
    pageSize: query.pageSize,
  };
}

interface Decorated<T> {
  row: T;
  at: number;
  values: unknown[];
}

/**
 * The first `count` items in order, without sorting the rest: a page near the top of a long list (a user's first
 * pages of 100,000 vehicles) costs about one comparison per item instead of a full sort's seventeen.
 */
function firstInOrder<D>(items: D[], count: number, before: (a: D, b: D) => number): D[] {
  const best: D[] = [];
  for (const item of items) {
    if (best.length === count && before(item, best[count - 1] as D) >= 0) continue;
    // Binary search for its place among the best so far.
    let lo = 0;
    let hi = best.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(item, best[mid] as D) < 0) hi = mid;
      else lo = mid + 1;
    }
    best.splice(lo, 0, item);
    if (best.length > count) best.pop();
  }
  return best;
}
