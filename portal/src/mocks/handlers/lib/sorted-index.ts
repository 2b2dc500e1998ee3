import type { ListQuery, ListSpec, Page } from './list-query';

type SortValue = string | number | boolean | null | undefined;

/** Rows ordered by one field ascending, rows without a value last (the order `applyListQuery` gives). */
interface SortedRows<T> {
  version: number;
  /** Rows with a value, ascending. */
  ordered: T[];
  /** Rows without a value, in insertion order. */
  empty: T[];
}

const ZEROS = '0000000000000000';

/**
 * A text key whose plain `<` order matches the list's collation for ASCII text (case-insensitive, digit runs compared
 * as numbers): 20 times cheaper per comparison than `Intl.Collator#compare` on 100,000 rows.
 */
function textKey(value: string): string {
  // `0*` leaves at least one digit to `\d+` ("000" keeps a "0"); one regex and no nested replace, as the key is built
  // for every row of a table.
  return value
    .toLowerCase()
    .replace(/0*(\d+)/g, (_, digits: string) => (digits.length >= 16 ? digits : ZEROS.slice(digits.length) + digits));
}

/** Bit i set when character i is a digit; -1 for text too long to tell. */
function digitMask(text: string): number {
  if (text.length > 30) return -1;
  let mask = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) mask |= 1 << i;
  }
  return mask;
}

/**
 * An order being built in steps: values are read a slice of rows at a time, then sorted once. Text is kept
 * lower-cased; when every value has its digits at the same places (VINs, registrations, ids of one pattern), plain
 * `<` on that already is the list's collation, and the costlier `textKey` is built only when they do not.
 */
class OrderBuild<T> {
  readonly version: number;
  private readonly rows: T[];
  private readonly get: (row: T) => SortValue;
  private readonly numbers: Float64Array;
  private readonly texts: (string | undefined)[];
  private readonly withValue: number[] = [];
  private readonly empty: T[] = [];
  /** Keys of repeated values (model, OEM, connectivity...), computed once per distinct value. */
  private readonly keyCache = new Map<string, string>();
  private numeric = true;
  /** Length and digit mask of the first text value, while every text value shares them. */
  private shape: { length: number; mask: number } | null = null;
  private sameShape = true;
  private next = 0;

  constructor(version: number, rows: T[], get: (row: T) => SortValue) {
    this.version = version;
    this.rows = rows;
    this.get = get;
    this.numbers = new Float64Array(rows.length);
    this.texts = new Array(rows.length);
  }

  private key(text: string): string {
    let key = this.keyCache.get(text);
    if (key === undefined) {
      key = textKey(text);
      if (this.keyCache.size < 10_000) this.keyCache.set(text, key);
    }
    return key;
  }

  /** Reads up to `count` more rows; true when every row has been read. */
  step(count: number): boolean {
    const end = Math.min(this.rows.length, this.next + count);
    for (let i = this.next; i < end; i += 1) {
      const row = this.rows[i] as T;
      const v = this.get(row);
      if (v === null || v === undefined) {
        this.empty.push(row);
        continue;
      }
      this.withValue.push(i);
      if (typeof v === 'number' || typeof v === 'boolean') this.numbers[i] = Number(v);
      else {
        this.numeric = false;
        const text = String(v).toLowerCase();
        this.texts[i] = text;
        if (this.sameShape) {
          const mask = digitMask(text);
          if (this.shape === null) this.shape = { length: text.length, mask };
          else if (mask < 0 || mask !== this.shape.mask || text.length !== this.shape.length) this.sameShape = false;
        }
      }
    }
    this.next = end;
    return end === this.rows.length;
  }

  /** Reads what is left and sorts. */
  finish(): Omit<SortedRows<T>, 'version'> {
    this.step(Number.POSITIVE_INFINITY);
    const { withValue, numbers, texts, rows } = this;
    if (this.numeric) {
      withValue.sort((a, b) => (numbers[a] as number) - (numbers[b] as number) || a - b);
    } else {
      // Numbers among text compare as text, as in `applyListQuery`'s collation.
      for (const i of withValue) {
        if (texts[i] === undefined) {
          texts[i] = String(this.get(rows[i] as T)).toLowerCase();
          this.sameShape = false;
        }
      }
      if (!this.sameShape) for (const i of withValue) texts[i] = this.key(texts[i] as string);
      withValue.sort((a, b) => {
        const ka = texts[a] as string;
        const kb = texts[b] as string;
        return ka < kb ? -1 : ka > kb ? 1 : a - b;
      });
    }
    return { ordered: withValue.map((i) => rows[i] as T), empty: this.empty };
  }
}

/**
 * Per-field sorted orders of one table, rebuilt only when the table's version changes: what a database index does for
 * the Fleet API. A list request then filters while walking the order and never sorts, so a filter or sort change on
 * 100,000 rows costs one pass.
 */
export class SortedIndex<T> {
  private readonly orders = new Map<string, SortedRows<T>>();
  private readonly builds = new Map<string, OrderBuild<T>>();
  private readonly spec: ListSpec<T>;

  constructor(spec: ListSpec<T>) {
    this.spec = spec;
  }

  private order(field: string, version: number, rows: () => T[]): SortedRows<T> {
    const cached = this.orders.get(field);
    if (cached?.version === version) return cached;
    // A build already under way (warming) is finished rather than started again.
    const fresh = { version, ...this.build(field, version, rows).finish() };
    this.builds.delete(field);
    this.orders.set(field, fresh);
    return fresh;
  }

  private build(field: string, version: number, rows: () => T[]): OrderBuild<T> {
    const running = this.builds.get(field);
    if (running?.version === version) return running;
    const get = this.spec.sortable[field];
    if (!get) throw new Error(`not sortable: ${field}`);
    const fresh = new OrderBuild(version, rows(), get);
    this.builds.set(field, fresh);
    return fresh;
  }

  /**
   * Builds part of a field's order ahead of use (when the server is idle): reads up to `rowCount` more rows, and
   * sorts once all are read. True when the order is ready.
   */
  warm(field: string, version: number, rows: () => T[], rowCount = Number.POSITIVE_INFINITY): boolean {
    if (this.orders.get(field)?.version === version) return true;
    if (!this.build(field, version, rows).step(rowCount)) return false;
    this.order(field, version, rows);
    return true;
  }

  /**
   * One page of the rows in scope that match the query, by the query's sort (one field; else null: the caller falls
   * back to `applyListQuery`).
   */
  page(query: ListQuery, version: number, rows: () => T[], inScope: (row: T) => boolean): Page<T> | null {
    const [sort, ...more] = query.sort;
    if (!sort || more.length > 0) return null;
    const { ordered, empty } = this.order(sort.field, version, rows);
    const filters = [...query.filters].map(([field, values]) => {
      const get = this.spec.filterable[field] as (row: T) => unknown;
      const wanted = new Set(values);
      return (row: T) => wanted.has(String(get(row)));
    });
    const { q, from, to } = query;
    const time = this.spec.time;
    const matches = (row: T) => {
      if (!inScope(row)) return false;
      for (const keep of filters) if (!keep(row)) return false;
      if (time && (from !== undefined || to !== undefined)) {
        const t = time(row);
        if (t === null || (from !== undefined && t < from) || (to !== undefined && t > to)) return false;
      }
      return !q || this.spec.searchable.some((get) => (get(row) ?? '').toLowerCase().includes(q));
    };
    const start = (query.page - 1) * query.pageSize;
    const end = start + query.pageSize;
    const items: T[] = [];
    let total = 0;
    const visit = (row: T) => {
      if (!matches(row)) return;
      if (total >= start && total < end) items.push(row);
      total += 1;
    };
    if (sort.direction === 'asc') for (const row of ordered) visit(row);
    else for (let i = ordered.length - 1; i >= 0; i -= 1) visit(ordered[i] as T);
    for (const row of empty) visit(row);
    return { items, total, page: query.page, pageSize: query.pageSize };
  }
}
