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
