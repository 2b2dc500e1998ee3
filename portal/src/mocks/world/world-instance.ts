import type { WorldOptions } from './create-world';
import { clearSavedWorld, openWorldDb, type WorldDb } from './db';
import { resolveWorldOptions } from './world-settings';

let current: WorldDb | undefined;
let opening: Promise<WorldDb> | undefined;

/** The demo world the handlers answer from; opened on first use with the resolved seed and size. */
export function getWorldDb(): Promise<WorldDb> {
  if (current) return Promise.resolve(current);
  opening ??= openWorldDb(resolveWorldOptions()).then((db) => {
    current = db;
    opening = undefined;
    return db;
  });
  return opening;
}

/** Clears saved changes and opens a fresh world (default: the resolved seed and size). */
export async function resetWorldDb(
  options: Pick<WorldOptions, 'seed' | 'size'> = resolveWorldOptions(),
): Promise<WorldDb> {
  current = undefined;
  opening = undefined;
  await clearSavedWorld();
  current = await openWorldDb(options);
  return current;
}

/** Forgets the open world so the next use reads IndexedDB again: what a page reload does (tests). */
export function forgetWorldDb(): void {
  current = undefined;
  opening = undefined;
}
