/**
 * Query strings as the contract writes them: `filter[field]=v` (deepObject) becomes `{filter: {field: 'v'}}`; a
 * repeated key becomes an array. Objects have no prototype, so a `__proto__` key is only a key.
 */
export function parseQueryString(text: string): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, value] of new URLSearchParams(text)) {
    const nested = /^([^[\]]+)\[([^[\]]+)\]$/.exec(key);
    if (nested?.[1] && nested[2]) {
      const name = nested[1];
      const existing = out[name];
      const group: Record<string, unknown> =
        typeof existing === 'object' && existing !== null && !Array.isArray(existing)
          ? (existing as Record<string, unknown>)
          : Object.create(null);
      group[nested[2]] = value;
      out[name] = group;
      continue;
    }
    const existing = out[key];
    if (existing === undefined) out[key] = value;
    else out[key] = Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return out;
}
