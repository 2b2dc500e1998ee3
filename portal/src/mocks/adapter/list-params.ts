import type { ListParams } from '@services/lib/list-query';

/**
 * The list parameters of a request URL, as the server's query parsing hands them to a service: numbers coerced (a
 * non-number stays NaN, which the service answers with 400 invalid_query), `filter[field]` as the contract's
 * deepObject (a repeated one joins its values with commas), empty parameters left out.
 */
export function listParamsOf(url: URL): ListParams {
  const params = url.searchParams;
  const text = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' ? undefined : value;
  };
  const number = (name: string) => {
    const value = text(name);
    return value === undefined ? undefined : Number(value);
  };
  const filter: Record<string, string> = {};
  for (const [key, value] of params) {
    const field = /^filter\[(.+)\]$/.exec(key)?.[1];
    if (field !== undefined) filter[field] = Object.hasOwn(filter, field) ? `${filter[field]},${value}` : value;
  }
  const out: ListParams = {};
  const set = <K extends keyof ListParams>(key: K, value: ListParams[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('page', number('page'));
  set('pageSize', number('pageSize'));
  set('sort', text('sort'));
  set('q', text('q'));
  set('from', text('from'));
  set('to', text('to'));
  if (Object.keys(filter).length > 0) out.filter = filter;
  return out;
}
