import { DEFAULT_SEED, DEFAULT_SIZE, MAX_SIZE, type WorldOptions } from './seeders/context';

/** localStorage key of the size chosen in the demo settings (the `?demoSize=` URL parameter wins over it). */
export const DEMO_SIZE_STORAGE_KEY = 'voltline.demo.size';
export const DEMO_SEED_STORAGE_KEY = 'voltline.demo.seed';

function readInt(value: string | null | undefined): number | undefined {
  if (value === null || value === undefined || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) ? n : undefined;
}

function storageGet(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/**
 * The seed and size of the demo world: `?demoSize=` / `?demoSeed=` in the URL, else the demo settings values in
 * localStorage, else the defaults (seed 1, 300 vehicles). Sizes are clamped to 1..100,000.
 */
export function resolveWorldOptions(
  search = globalThis.location?.search ?? '',
): Required<Pick<WorldOptions, 'seed' | 'size'>> {
  const params = new URLSearchParams(search);
  const size = readInt(params.get('demoSize')) ?? readInt(storageGet(DEMO_SIZE_STORAGE_KEY)) ?? DEFAULT_SIZE;
  const seed = readInt(params.get('demoSeed')) ?? readInt(storageGet(DEMO_SEED_STORAGE_KEY)) ?? DEFAULT_SEED;
  return { seed, size: Math.max(1, Math.min(MAX_SIZE, size)) };
}

/** Saves the size (and optionally seed) the demo settings chose; applied by the next `resetDemoWorld()` or reload. */
export function saveWorldOptions(options: { size: number; seed?: number }): void {
  globalThis.localStorage?.setItem(DEMO_SIZE_STORAGE_KEY, String(options.size));
  if (options.seed !== undefined) globalThis.localStorage?.setItem(DEMO_SEED_STORAGE_KEY, String(options.seed));
}
