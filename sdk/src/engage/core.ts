import type { EngageCore } from '../core/engage-port';

/**
 * What the engagement chunks use of the widget core, handed over by `core/engage-port.ts` when a chunk loads (never
 * imported: the core stays one file). Set before any function of a chunk runs.
 */
export const core = {} as EngageCore;

export function use(given: EngageCore): void {
  Object.assign(core, given);
}

/** The same rule as the core's `isSafeUrl`: http(s), mailto, tel and relative URLs only (no `javascript:`, `data:`). */
export function isSafeUrl(url: string): boolean {
  try {
    return ['http:', 'https:', 'mailto:', 'tel:'].includes(new URL(url, location.href).protocol);
  } catch {
    return false;
  }
}

/** A server colour when it is a plain CSS colour (never pasted into CSS otherwise), else the fallback. */
export function safeColor(value: unknown, fallback: string): string {
  const v = typeof value === 'string' ? value.trim() : '';
  return /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/-]{3,40}\))$/i.test(v) ? v : fallback;
}
