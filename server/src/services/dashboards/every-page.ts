import type { ListQuery } from '../lib/list-query';

/** Rows a panel reads a page at a time (the stores' largest page). */
const PAGE = 1000;

/**
 * Every row of a store's list (the whole scope, filtered): the panels count or pick over what the caller sees, and
 * a store answers one page at a time.
 */
export async function everyPage<T, S extends string, F extends string>(
  list: (query: ListQuery<S, F>) => Promise<{ items: T[]; total: number }>,
  query: Pick<ListQuery<S, F>, 'sort' | 'filters'>,
): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await list({
      ...query,
      page,
      pageSize: PAGE,
      q: undefined,
      from: undefined,
      to: undefined,
    });
    out.push(...items);
    if (items.length < PAGE || out.length >= total) return out;
  }
}
