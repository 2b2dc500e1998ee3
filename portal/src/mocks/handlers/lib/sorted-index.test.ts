import { describe, expect, test } from 'vitest';
import { applyListQuery, type ListSpec, parseListQuery } from './list-query';
import { SortedIndex } from './sorted-index';

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
