import { resetWorldDb } from './world/world-instance';
import { resolveWorldOptions } from './world/world-settings';

/**
 * Restores the demo world to its seed: deletes every saved change in IndexedDB (creates, edits, deletes, sessions)
 * and regenerates the world with the current seed and size. Sessions end too, so the caller should log out.
 */
export async function resetDemoWorld(): Promise<void> {
  await resetWorldDb(resolveWorldOptions());
}
