import { describe, expect, test } from 'vitest';
import { applyListQuery, type ListSpec, parseListQuery } from './list-query';

interface Row {
  id: string;
  name: string;
  size: number | null;
  at: number;
}

const SPEC: ListSpec<Row> = {
  sortable: { name: (r) => r.name, size: (r) => r.size },
  filterable: { name: (r) => r.name, size: (r) => r.size },
  searchable: [(r) => r.name],
  time: (r) => r.at,
};

const ROWS: Row[] = [
  { id: '1', name: 'Bolt 10', size: 3, at: 1000 },
  { id: '2', name: 'Bolt 9', size: null, at: 2000 },
  { id: '3', name: 'Arc', size: 3, at: 3000 },
  { id: '4', name: 'Zip', size: 1, at: 4000 },
];

const run = (query: string) => applyListQuery(ROWS, parseListQuery(new URL(`http://x/?${query}`), SPEC), SPEC);

async function thrown(fn: () => unknown): Promise<{ status: number; body: unknown }> {
  try {
    fn();
  } catch (error) {
    const response = error as Response;
    return { status: response.status, body: await response.json() };
  }
  throw new Error('did not throw');
}

describe('parseListQuery', () => {
  test('defaults to page 1 of 25', () => {
    expect(parseListQuery(new URL('http://x/'), SPEC)).toMatchObject({ page: 1, pageSize: 25, sort: [], q: '' });
  });

  test('rejects page 0 with invalid_query', async () => {
    const res = await thrown(() => parseListQuery(new URL('http://x/?page=0'), SPEC));
    expect(res).toEqual({
      status: 400,
      body: { code: 'invalid_query', message: 'page must be a whole number from 1.' },
    });
  });

  test('rejects a sort direction other than asc or desc', async () => {
    const res = await thrown(() => parseListQuery(new URL('http://x/?sort=name:up'), SPEC));
    expect(res.status).toBe(400);
  });

  test('rejects a date range on a list without one', async () => {
    const res = await thrown(() =>
      parseListQuery(new URL('http://x/?from=2026-01-01T00:00:00Z'), { ...SPEC, time: undefined }),
    );
    expect(res.body).toMatchObject({ message: 'This list has no date range.' });
  });
});

describe('applyListQuery', () => {
  test('sorts numbers inside text naturally', () => {
    expect(run('sort=name:asc').items.map((r) => r.id)).toEqual(['3', '2', '1', '4']);
  });

  test('puts empty values last in both directions', () => {
    expect(run('sort=size:asc').items.at(-1)?.id).toBe('2');
    expect(run('sort=size:desc').items.at(-1)?.id).toBe('2');
  });

  test('breaks ties with the next sort key', () => {
    expect(run('sort=size:desc,name:desc').items.map((r) => r.id)).toEqual(['1', '3', '4', '2']);
  });

  test('keeps rows matching any value of a filter', () => {
    expect(run('filter[size]=1,3').total).toBe(3);
  });

  test('searches case-insensitively', () => {
    expect(run('q=BOLT').items.map((r) => r.id)).toEqual(['1', '2']);
  });

  test('keeps the inclusive from/to range', () => {
    expect(run('from=1970-01-01T00:00:02.000Z&to=1970-01-01T00:00:03.000Z').items.map((r) => r.id)).toEqual(['2', '3']);
  });

  test('answers an empty page past the end with the real total', () => {
    expect(run('page=3&pageSize=2')).toEqual({ items: [], total: 4, page: 3, pageSize: 2 });
  });
});

describe('applyListQuery on a long list', () => {
  // Many ties, empty values and numbers inside text: 2,000 rows, so that early pages are picked without a full sort.
  const rows: Row[] = Array.from({ length: 2000 }, (_, i) => ({
    id: String(i),
    name: `Unit ${(i * 7919) % 97}`,
    size: i % 11 === 0 ? null : (i * 31) % 13,
    at: i,
  }));
  const all = (sort: string) =>
    applyListQuery(rows, parseListQuery(new URL(`http://x/?sort=${sort}&pageSize=1000`), SPEC), SPEC).items.concat(
      applyListQuery(rows, parseListQuery(new URL(`http://x/?sort=${sort}&pageSize=1000&page=2`), SPEC), SPEC).items,
    );
  const page = (sort: string, n: number) =>
    applyListQuery(rows, parseListQuery(new URL(`http://x/?sort=${sort}&pageSize=25&page=${n}`), SPEC), SPEC);

  test.each(['name:asc', 'size:desc', 'size:asc,name:desc'])(
    'answers the first pages of %s as the sorted list',
    (sort) => {
      const ids = all(sort).map((r) => r.id);
      for (const n of [1, 2, 7]) {
        const answer = page(sort, n);
        expect(answer.total).toBe(2000);
        expect(answer.items.map((r) => r.id)).toEqual(ids.slice((n - 1) * 25, n * 25));
      }
    },
  );

  test('keeps the rows order among ties', () => {
    const first = page('size:asc', 1).items;
    expect(first.every((r) => r.size === 0)).toBe(true);
    expect(first.map((r) => Number(r.id))).toEqual([...first.map((r) => Number(r.id))].sort((a, b) => a - b));
  });
});
