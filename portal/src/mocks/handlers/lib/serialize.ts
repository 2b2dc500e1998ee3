/**
 * Turns a stored row into its API shape: every `...At` field holding epoch ms becomes an ISO 8601 string.
 * The world keeps numbers (see `Stored<T>` in world/types.ts); only the rows of an answer are converted.
 */
export function toApi<T extends object>(row: object): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (key.endsWith('At') && typeof value === 'number') out[key] = new Date(value).toISOString();
  }
  return out as T;
}

/** The way back: a row in its API shape (or part of one) as the world keeps it, every ISO `...At` field as epoch ms. */
export function fromApi<T extends object>(row: object): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of Object.keys(out)) {
    const value = out[key];
    if (key.endsWith('At') && typeof value === 'string') out[key] = Date.parse(value);
  }
  return out as T;
}
