import { MAX_SIZE } from './world/seeders/context';
import { getWorldDb, resetWorldDb } from './world/world-instance';
import { resolveWorldOptions, saveWorldOptions } from './world/world-settings';

/**
 * Restores the demo world to its seed: deletes every saved change in IndexedDB (creates, edits, deletes, sessions)
 * and regenerates the world with the current seed and size. Sessions end too, so the caller should log out.
 */
export async function resetDemoWorld(): Promise<void> {
  await resetWorldDb(resolveWorldOptions());
}

/** The seed and size of the open demo world (for the demo settings). */
export async function getDemoWorldInfo(): Promise<{ seed: number; size: number; maxSize: number }> {
  const db = await getWorldDb();
  return { seed: db.world.seed, size: db.world.size, maxSize: MAX_SIZE };
}

/**
 * Saves a new world size in the demo settings and regenerates the world at that size (a `?demoSize=` URL parameter
 * still wins on the next load). Like a reset, this drops saved changes and sessions.
 */
export async function setDemoWorldSize(size: number): Promise<void> {
  saveWorldOptions({ size });
  await resetWorldDb(resolveWorldOptions(''));
}
