import { invalidQuery } from './app-error';

/** The list parameters every list operation takes (openapi.yaml "Pagination", "Sorting", "Filtering", "Search"). */
export interface ListParams {
  page?: number;
  pageSize?: number;
  sort?: string;
  q?: string;
  from?: string;
  to?: string;
  filter?: Record<string, string>;
}

export interface SortKey<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export interface FilterOn<F extends string> {
  field: F;
  /** Parsed values; the row's field equals any of them. */
  values: unknown[];
}

export interface ListQuery<S extends string, F extends string> {
  page: number;
  pageSize: number;
  sort: SortKey<S>[];
  filters: FilterOn<F>[];
  q: string | undefined;
  from: Date | undefined;
  to: Date | undefined;
}

/** What a resource's list allows: sortable fields, filterable fields with a parser per value, the default sort. */
export interface ListSpec<S extends string, F extends string> {
  sortable: readonly S[];
  /** Field -> parses one value of `filter[field]`; throws `invalid_query` when it cannot. */
  filterable: Record<F, (value: string) => unknown>;
  defaultSort: SortKey<S>[];
}

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 1000;

function date(name: string, text: string | undefined): Date | undefined {
  if (text === undefined) return undefined;
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) throw invalidQuery(`${name} must be an ISO 8601 date-time.`);
  return new Date(ms);
}

/** Checks list parameters against what the resource allows; unknown sort or filter fields answer 400 invalid_query. */
export function parseListQuery<S extends string, F extends string>(
  params: ListParams,
  spec: ListSpec<S, F>,
): ListQuery<S, F> {
  const page = params.page ?? 1;
  const pageSize = params.pageSize ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(page) || page < 1) throw invalidQuery('page must be a whole number from 1.');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw invalidQuery(`pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}.`);
  }
  // The rows skipped must be an exact number the database takes (a bigint OFFSET): page=1e20 is a 400, not a 500.
  if (!Number.isSafeInteger((page - 1) * pageSize)) throw invalidQuery('page is beyond any list.');

  const sort: SortKey<S>[] = [];
  for (const part of (params.sort ?? '').split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const [field = '', direction = 'asc', ...rest] = part.split(':');
    if (!(spec.sortable as readonly string[]).includes(field)) throw invalidQuery(`Cannot sort by "${field}".`);
    if ((direction !== 'asc' && direction !== 'desc') || rest.length > 0) {
      throw invalidQuery(`Sort "${part}" must be field:asc or field:desc.`);
    }
    sort.push({ field: field as S, direction });
  }

  const filters: FilterOn<F>[] = [];
  for (const [field, raw] of Object.entries(params.filter ?? {})) {
    if (!Object.hasOwn(spec.filterable, field)) throw invalidQuery(`Cannot filter by "${field}".`);
    const parse = spec.filterable[field as F];
    const values = raw
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '')
      .map(parse);
    if (values.length > 0) filters.push({ field: field as F, values });
  }

  const from = date('from', params.from);
  const to = date('to', params.to);
  if (from && to && to < from) throw invalidQuery('to must not be before from.');
  const q = params.q?.trim();
  return {
    page,
    pageSize,
    sort: sort.length > 0 ? sort : spec.defaultSort,
    filters,
    q: q === '' ? undefined : q,
    from,
    to,
  };
}

/** Filter value parsers shared by resources. */
export const parse = {
  text: (value: string) => value,
  int:
    (name: string, allowed?: readonly number[]) =>
    (value: string): number => {
      const n = Number(value);
      if (!Number.isInteger(n) || (allowed && !allowed.includes(n))) {
        throw invalidQuery(`filter[${name}] does not accept "${value}".`);
      }
      return n;
    },
  oneOf:
    (name: string, allowed: readonly string[]) =>
    (value: string): string => {
      if (!allowed.includes(value)) throw invalidQuery(`filter[${name}] does not accept "${value}".`);
      return value;
    },
  boolean:
    (name: string) =>
    (value: string): boolean => {
      if (value === 'true') return true;
      if (value === 'false') return false;
      throw invalidQuery(`filter[${name}] is true or false.`);
    },
};
