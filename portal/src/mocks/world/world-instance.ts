import type { WorldOptions } from './seeders/context';
import { clearSavedWorld, openWorldDb, type WorldDb } from './db';
import { resolveWorldOptions } from './world-settings';

let current: WorldDb | undefined;
let opening: Promise<WorldDb> | undefined;
let referenceTime: (() => number) | undefined;

/**
 * Makes the world's "now" follow the clock (rounded down to the hour), so the demo shows vehicles seen minutes ago
 * and histories that end today. Tests keep the fixed default so their dates never drift.
 */
export function followClock(): void {
  referenceTime = () => Math.floor(Date.now() / 3_600_000) * 3_600_000;
}

function options(base: Pick<WorldOptions, 'seed' | 'size'>): WorldOptions {
  return referenceTime ? { ...base, referenceTime: referenceTime() } : base;
}

/** The demo world the handlers answer from; opened on first use with the resolved seed and size. */
export function getWorldDb(): Promise<WorldDb> {
  if (current) return Promise.resolve(current);
  opening ??= openWorldDb(options(resolveWorldOptions())).then((db) => {
    current = db;
    opening = undefined;
    return db;
  });
  return opening;
}

/** Clears saved changes and opens a fresh world (default: the resolved seed and size). */
export async function resetWorldDb(
  base: Pick<WorldOptions, 'seed' | 'size'> = resolveWorldOptions(),
): Promise<WorldDb> {
  current = undefined;
  opening = undefined;
  await clearSavedWorld();
  current = await openWorldDb(options(base));
  return current;
}

/** Forgets the open world so the next use reads IndexedDB again: what a page reload does (tests). */
export function forgetWorldDb(): void {
  current = undefined;
  opening = undefined;
}
