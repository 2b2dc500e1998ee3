/**
 * Stateless, seeded randomness: every value is a pure function of (seed, index, salt). Any table can compute any
 * row without generating the rows before it, so tables are generated lazily, in any order, with the same result.
 */

/** A 32-bit mix (murmur3 finaliser). */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** A 32-bit hash of a short string (FNV-1a), used to turn salts into numbers once. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A random source bound to a seed and a salt (one per table and field group). */
export interface Rng {
  /** Uniform in [0, 1) for row `index` and field number `field`. */
  float(index: number, field: number): number;
  /** Integer in [min, max] inclusive. */
  int(index: number, field: number, min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(index: number, field: number, items: readonly T[]): T;
  /** True with probability `p`. */
  chance(index: number, field: number, p: number): boolean;
}

/** Creates the random source of one salt under one seed. */
export function createRng(seed: number, salt: string): Rng {
  const base = mix32(seed ^ hashString(salt));
  const float = (index: number, field: number) =>
    mix32(base ^ mix32(Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(field + 1, 0x7feb352d))) / 4294967296;
  return {
    float,
    int: (index, field, min, max) => min + Math.floor(float(index, field) * (max - min + 1)),
    pick: <T>(index: number, field: number, items: readonly T[]) =>
      items[Math.floor(float(index, field) * items.length)] as T,
    chance: (index, field, p) => float(index, field) < p,
  };
}

/** Zero-pads a number to `width` digits. */
export function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * The parts joined into one flat string. Joining with `+` or a template literal makes a chain of linked pieces once the
 * text has 13 characters or more (V8's cons strings: ~3 times the memory of the text itself); the world keeps 100,000
 * VINs, registrations and serial numbers for as long as the demo runs, so it keeps them flat.
 */
export function flat(...parts: readonly (string | number)[]): string {
  return parts.join('');
}
