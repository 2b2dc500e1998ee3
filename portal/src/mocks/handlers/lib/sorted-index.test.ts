import { describe, expect, test, vi } from 'vitest';
import { applyListQuery, type ListSpec, parseListQuery } from './list-query';
import { type SortColumn, SortedIndex, sortColumn } from './sorted-index';

interface Row {
  id: string;
  name: string | null;
  n: number;
  kind: string;
}

const SPEC: ListSpec<Row> = {
  sortable: { name: (r) => r.name, n: (r) => r.n },
  filterable: { kind: (r) => r.kind },
  searchable: [(r) => r.name],
};

const rows: Row[] = Array.from({ length: 200 }, (_, i) => ({
  id: `r${i}`,
  name: i % 17 === 0 ? null : `Item ${(i * 37) % 101} ${i % 3 ? 'b' : 'A'}`,
  n: (i * 7919) % 53,
  kind: i % 4 === 0 ? 'x' : 'y',
}));

const query = (qs: string) => parseListQuery(new URL(`http://x/?${qs}`), SPEC);
const names = (items: Row[]) => items.map((r) => r.name);

describe('SortedIndex', () => {
  test('pages a text sort like applyListQuery, empty values last', () => {
    const index = new SortedIndex(SPEC);
    for (const qs of [
      'sort=name:asc&pageSize=50',
      'sort=name:desc&page=4&pageSize=50',
      'sort=name:asc&filter[kind]=x',
    ]) {
      const expected = applyListQuery(rows, query(qs), SPEC);
      const page = index.page(
        query(qs),
        1,
        () => rows,
        () => true,
      );
      expect(page?.total).toBe(expected.total);
      expect(names(page?.items ?? [])).toEqual(names(expected.items));
    }
  });

  test('pages a numeric sort with filter, search and scope like applyListQuery', () => {
    const index = new SortedIndex(SPEC);
    const inScope = (r: Row) => r.n !== 5;
    const qs = 'sort=n:desc&filter[kind]=y&q=item 1&pageSize=10&page=2';
    const expected = applyListQuery(rows.filter(inScope), query(qs), SPEC);
    const page = index.page(query(qs), 1, () => rows, inScope);
    expect(page?.total).toBe(expected.total);
    expect(page?.items.map((r) => r.n)).toEqual(expected.items.map((r) => r.n));
  });

  test('pages one filter, or none, like applyListQuery on every page, across the rows without a value', () => {
    const index = new SortedIndex(SPEC);
    for (const base of [
      'sort=name:desc&filter[kind]=y&pageSize=30',
      'sort=name:asc&pageSize=40',
      'sort=n:asc&filter[kind]=x,y&pageSize=60',
    ]) {
      for (let page = 1; page <= 6; page += 1) {
        const qs = `${base}&page=${page}`;
        const expected = applyListQuery(rows, query(qs), SPEC);
        const got = index.page(query(qs), 1, () => rows, null);
        expect(got?.total, qs).toBe(expected.total);
        // Ties may come in another order (as in the tests above): compare the sorted values.
        const value = (r: Row) => (qs.includes('sort=n:') ? r.n : r.name);
        expect(got?.items.map(value), qs).toEqual(expected.items.map(value));
      }
    }
  });

  test('tests a scope given as a field value on its codes, like the same test of each row', () => {
    const index = new SortedIndex(SPEC);
    const qs = 'sort=name:asc&pageSize=20&page=2';
    const expected = applyListQuery(
      rows.filter((r) => r.kind === 'x'),
      query(qs),
      SPEC,
    );
    const page = index.page(query(qs), 1, () => rows, { field: 'kind', value: 'x' });
    expect(page?.total).toBe(expected.total);
    expect(page?.items.map((r) => r.id)).toEqual(expected.items.map((r) => r.id));
  });

  test('rebuilds when the table version changes', () => {
    const index = new SortedIndex(SPEC);
    const data = [...rows];
    expect(
      index.page(
        query('sort=n:asc&pageSize=1'),
        1,
        () => data,
        () => true,
      )?.items[0]?.n,
    ).toBe(0);
    data.push({ id: 'new', name: 'new', n: -1, kind: 'x' });
    expect(
      index.page(
        query('sort=n:asc&pageSize=1'),
        1,
        () => data,
        () => true,
      )?.items[0]?.n,
    ).toBe(0);
    expect(
      index.page(
        query('sort=n:asc&pageSize=1'),
        2,
        () => data,
        () => true,
      )?.items[0]?.n,
    ).toBe(-1);
  });

  test("orders of one table version share one copy of the table's rows, not one per field", () => {
    const index = new SortedIndex(SPEC);
    const all = vi.fn(() => [...rows]);
    const first = (qs: string, version: number) => index.page(query(qs), version, all, null)?.items[0];
    expect(first('sort=n:asc', 1)?.n).toBe(0);
    expect(first('sort=name:asc', 1)?.name).toBe(applyListQuery(rows, query('sort=name:asc'), SPEC).items[0]?.name);
    expect(all).toHaveBeenCalledTimes(1);
    // A write makes a new version: its rows are read again.
    expect(first('sort=n:desc', 2)?.n).toBe(52);
    expect(all).toHaveBeenCalledTimes(2);
  });

  test('leaves multi-field sorts to applyListQuery', () => {
    expect(
      new SortedIndex(SPEC).page(
        query('sort=n:asc,name:asc'),
        1,
        () => rows,
        () => true,
      ),
    ).toBeNull();
  });
});

describe('SortedIndex warming', () => {
  test('an order warmed a few rows at a time pages like applyListQuery', () => {
    const index = new SortedIndex(SPEC);
    let steps = 0;
    while (!index.warm('name', 1, () => rows, 30)) steps += 1;
    expect(steps).toBe(6);
    const qs = 'sort=name:desc&pageSize=40&page=2';
    const expected = applyListQuery(rows, query(qs), SPEC);
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    expect(names(page?.items ?? [])).toEqual(names(expected.items));
  });

  test('a request while an order is half warmed finishes it and answers in full', () => {
    const index = new SortedIndex(SPEC);
    expect(index.warm('n', 1, () => rows, 50)).toBe(false);
    const qs = 'sort=n:asc&pageSize=200';
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    expect(page?.items.map((r) => r.n)).toEqual(applyListQuery(rows, query(qs), SPEC).items.map((r) => r.n));
    expect(index.warm('n', 1, () => rows, 1)).toBe(true);
  });
});

describe('SortedIndex text of one pattern', () => {
  const SERIALS: ListSpec<Row> = { sortable: { name: (r) => r.name }, filterable: {}, searchable: [] };
  const serials: Row[] = Array.from({ length: 120 }, (_, i) => ({
    id: `s${i}`,
    name: `${i % 2 ? 'ka' : 'KA'}${String((i * 53) % 97).padStart(2, '0')}E${String.fromCharCode(65 + (i % 26))}${String((i * 7919) % 1000).padStart(4, '0')}`,
    n: i,
    kind: 'x',
  }));

  test('sorts values whose digits share their places like applyListQuery', () => {
    const qs = 'sort=name:asc&pageSize=120';
    const q = parseListQuery(new URL(`http://x/?${qs}`), SERIALS);
    const page = new SortedIndex(SERIALS).page(
      q,
      1,
      () => serials,
      () => true,
    );
    expect(names(page?.items ?? [])).toEqual(names(applyListQuery(serials, q, SERIALS).items));
  });
});

describe('SortedIndex with a sorter elsewhere', () => {
  test('sorts through the sorter and then pages like applyListQuery', async () => {
    const columns: SortColumn[] = [];
    const index = new SortedIndex(SPEC, async (column) => {
      columns.push(column);
      return sortColumn(column);
    });
    await index.prepare('name', 1, () => rows);
    const qs = 'sort=name:desc&filter[kind]=y&pageSize=30&page=2';
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    expect(columns).toHaveLength(1);
    expect(names(page?.items ?? [])).toEqual(names(applyListQuery(rows, query(qs), SPEC).items));
  });

  test('a warmed field is sorted once, however many requests wait for it', async () => {
    let sorts = 0;
    const index = new SortedIndex(SPEC, async (column) => {
      sorts += 1;
      return sortColumn(column);
    });
    expect(index.warm('n', 1, () => rows)).toBe(true);
    await Promise.all([index.prepare('n', 1, () => rows), index.prepare('n', 1, () => rows)]);
    expect(sorts).toBe(1);
  });

  test('when the sorter fails, the order is sorted on the spot and the list still answers', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const index = new SortedIndex(SPEC, () => Promise.reject(new Error('no worker')));
    await index.prepare('n', 1, () => rows);
    const qs = 'sort=n:asc&pageSize=200';
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    expect(page?.items.map((r) => r.n)).toEqual(applyListQuery(rows, query(qs), SPEC).items.map((r) => r.n));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('SortedIndex filter codes', () => {
  test('a filter read ahead a few rows at a time pages like applyListQuery', () => {
    const index = new SortedIndex(SPEC);
    index.page(
      query('sort=n:asc'),
      1,
      () => rows,
      () => true,
    );
    let steps = 0;
    while (!index.warmFilter('kind', 1, 45)) steps += 1;
    expect(steps).toBe(4);
    const qs = 'sort=n:asc&filter[kind]=x&pageSize=20&page=2';
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    const expected = applyListQuery(rows, query(qs), SPEC);
    expect(page?.total).toBe(expected.total);
    expect(page?.items.map((r) => r.id)).toEqual(expected.items.map((r) => r.id));
  });

  test('filters read the rows again after a write', () => {
    const index = new SortedIndex(SPEC);
    const data = [...rows];
    const qs = 'sort=n:asc&filter[kind]=z';
    expect(
      index.page(
        query(qs),
        1,
        () => data,
        () => true,
      )?.total,
    ).toBe(0);
    data[3] = { ...(data[3] as Row), kind: 'z' };
    expect(
      index
        .page(
          query(qs),
          2,
          () => data,
          () => true,
        )
        ?.items.map((r) => r.id),
    ).toEqual(['r3']);
  });
});

describe('SortedIndex with a sorter that never answers', () => {
  test('sorts on the spot after a while, so that the request still answers', async () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const index = new SortedIndex(SPEC, () => new Promise<Int32Array>(() => {}));
      const ready = index.prepare('n', 1, () => rows);
      await vi.advanceTimersByTimeAsync(5_000);
      await ready;
      const qs = 'sort=n:desc&pageSize=5';
      const page = index.page(
        query(qs),
        1,
        () => rows,
        () => true,
      );
      expect(page?.items.map((r) => r.n)).toEqual(applyListQuery(rows, query(qs), SPEC).items.map((r) => r.n));
    } finally {
      warn.mockRestore();
      vi.useRealTimers();
    }
  });
});

describe('SortedIndex with a request sorter and a background sorter', () => {
  test('a request does not wait for a background sort still queued, and the first answer is kept', async () => {
    const queued: (() => void)[] = [];
    const background = (column: SortColumn) =>
      new Promise<Int32Array>((resolve) => queued.push(() => resolve(sortColumn(column))));
    let requestSorts = 0;
    const index = new SortedIndex(
      SPEC,
      async (column) => {
        requestSorts += 1;
        return sortColumn(column);
      },
      background,
    );
    expect(index.warm('name', 1, () => rows)).toBe(true);
    await index.prepare('name', 1, () => rows);
    expect(requestSorts).toBe(1);
    for (const answer of queued) answer();
    await index.settled('name');
    const qs = 'sort=name:asc&pageSize=200';
    const page = index.page(
      query(qs),
      1,
      () => rows,
      () => true,
    );
    expect(names(page?.items ?? [])).toEqual(names(applyListQuery(rows, query(qs), SPEC).items));
  });
});

describe('sortColumn', () => {
  const column = (values: number[]): SortColumn => ({
    positions: Int32Array.from(values, (_, i) => i * 2 + 1),
    numbers: Float64Array.from(values),
    texts: null,
    mixed: false,
  });
  const byComparator = (values: number[]) =>
    values
      .map((v, i) => [v, i] as const)
      .sort((a, b) => a[0] - b[0] || a[1] - b[1])
      .map(([, i]) => i * 2 + 1);

  test('orders whole numbers (timestamps, negatives, ties) as a comparator sort does, ties in row order', () => {
    const values = Array.from(
      { length: 3_000 },
      (_, i) => 1_763_000_000_000 + ((i * 7919) % 1_000) * 86_400_000 - (i % 3),
    );
    values.push(-5, 0, -5, 1_763_000_000_000);
    expect(Array.from(sortColumn(column(values)))).toEqual(byComparator(values));
  });

  test('orders fractions and very wide ranges as a comparator sort does', () => {
    const values = [2.5, -1, 2.5, 0.1, 1e300, -1e300, 3];
    expect(Array.from(sortColumn(column(values)))).toEqual(byComparator(values));
  });
});

describe('sortColumn on text', () => {
  const column = (texts: string[]): SortColumn => ({
    positions: Int32Array.from(texts, (_, i) => i * 3),
    numbers: null,
    texts,
    mixed: false,
  });
  const byCollation = (texts: string[]) => {
    const spec: ListSpec<{ id: string; t: string }> = {
      sortable: { t: (r) => r.t },
      filterable: {},
      searchable: [],
    };
    const rowsOf = texts.map((t, i) => ({ id: String(i * 3), t }));
    const q = parseListQuery(new URL(`http://x/?sort=t:asc&pageSize=1000`), spec);
    return applyListQuery(rowsOf, q, spec).items.map((r) => Number(r.id));
  };

  test('orders texts of one length (registrations, ISO dates) like the list collation, ties in row order', () => {
    const texts = Array.from(
      { length: 600 },
      (_, i) =>
        `${i % 2 ? 'KA' : 'ka'}${String((i * 53) % 97).padStart(2, '0')}E${String.fromCharCode(65 + (i % 26))}${String((i * 7919) % 300).padStart(6, '0')}`,
    );
    texts.push(texts[5] as string, texts[0] as string);
    expect(Array.from(sortColumn(column(texts)))).toEqual(byCollation(texts));
  });

  test('orders texts of different lengths and numbers inside them like the list collation', () => {
    const texts = ['Model 10', 'model 9', 'Model 10', 'A', 'b', 'Zeta 2', 'zeta 10', ''];
    expect(Array.from(sortColumn(column(texts)))).toEqual(byCollation(texts));
  });
});

describe('SortedIndex#hasOrder', () => {
  test('says whether an order of this table version exists, so that filter codes can be read ahead', () => {
    const index = new SortedIndex(SPEC);
    expect(index.hasOrder(1)).toBe(false);
    index.warm('n', 1, () => rows);
    expect(index.hasOrder(1)).toBe(true);
    expect(index.hasOrder(2)).toBe(false);
  });
});
