/**
 * WCAG 2.x contrast arithmetic for the theme: relative luminance, contrast ratio, and the nearest darker shade of a
 * colour that reaches a ratio. Colours are `#rrggbb` (or `#rgb`); the theme only feeds it its own palette and the
 * domain's fixed colours.
 */

export type Rgb = readonly [number, number, number];

/** WCAG AA: normal text needs 4.5:1; large text and UI parts (borders, icons, focus rings) need 3:1. */
export const AA_TEXT = 4.5;
export const AA_UI = 3;

export function parseHex(hex: string): Rgb {
  const h = hex.replace('#', '');
  const full =
    h.length === 3
      ? h
          .split('')
          .map((c) => c + c)
          .join('')
      : h;
  const n = Number.parseInt(full.slice(0, 6), 16);
  if (full.length < 6 || Number.isNaN(n)) throw new Error(`Not a hex colour: ${hex}`);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

function channel(c: number): number {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
}

export function relativeLuminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** `top` at `opacity` painted over an opaque `bottom`. */
export function composite(top: Rgb, opacity: number, bottom: Rgb): Rgb {
  return [0, 1, 2].map((i) => top[i]! * opacity + bottom[i]! * (1 - opacity)) as unknown as Rgb;
}

/** Mixes `color` towards black by `amount` (0..1): the same hue, darker. */
export function shade(color: Rgb, amount: number): Rgb {
  return color.map((c) => c * (1 - amount)) as unknown as Rgb;
}

/** The worst (lowest) ratio of `color` against each of `backgrounds`. */
export function worstRatio(color: Rgb, backgrounds: readonly Rgb[]): number {
  return Math.min(...backgrounds.map((bg) => contrastRatio(color, bg)));
}

/**
 * `color` itself when it already reaches `ratio` against every background, otherwise the lightest darker shade of it
 * that does (in steps of 2 %, so the hue stays recognisable).
 */
export function darkenToContrast(color: Rgb, backgrounds: readonly Rgb[], ratio = AA_TEXT): Rgb {
  for (let amount = 0; amount < 1; amount += 0.02) {
    const candidate = shade(color, amount);
    if (worstRatio(candidate, backgrounds) >= ratio) return candidate;
  }
  return [0, 0, 0];
}
