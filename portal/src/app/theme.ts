import {
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  defaultVariantColorsResolver,
  parseThemeColor,
  type VariantColorsResolver,
} from '@mantine/core';
import {
  AA_TEXT,
  composite,
  contrastRatio,
  darkenToContrast,
  parseHex,
  type Rgb,
  shade,
  toHex,
  worstRatio,
} from './contrast';
import './theme.css';

/*
 * Contrast (WCAG 2.2 AA, issue 24). Mantine's light theme writes coloured text in shade 6 of each palette (blue #228be6
 * is 3.6:1 on white, green 2.4:1) and puts white text on shade 6 fills. The palettes stay Mantine's; what changes is
 * which colour each role takes, computed here once from the palettes:
 * - text in a colour (links, `c="green"`, light/subtle/outline badges and buttons): the first of shades 6-9 that reaches
 *   4.5:1 on every surface it sits on (white, the page's gray.0/gray.1, its own 10 % tint), or shade 9 darkened until it
 *   does;
 * - filled: the first of shades 6-9 that carries white text at 4.5:1 (shade 9 darkened a little when none does); a
 *   colour too light for that even then (yellow, lime) keeps shade 6 and gets black text;
 * - dimmed text: gray.6 darkened to 4.5:1.
 * A margin of 0.1 keeps rounding of the blended tints from landing just under the line.
 */

const TARGET = AA_TEXT + 0.1;
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
const GRAY = DEFAULT_THEME.colors.gray;
/** Surfaces text sits on: cards and inputs, the page (gray.0), table headers and hovered rows (gray.1). */
const SURFACES: readonly Rgb[] = [WHITE, parseHex(GRAY[0]), parseHex(GRAY[1])];
/** Mantine's light variant: shade 6 at 10 % over the surface. */
const TINT_OPACITY = 0.12;
/** Darkening shade 9 by more than this for a fill would turn the hue muddy; such colours get black text instead. */
const MAX_FILL_DARKENING = 0.2;

/** The colours each palette takes in the light theme. */
export interface ColorRoles {
  /** Text in this colour, on any surface or on its own tint. */
  text: string;
  /** Background of filled variants. */
  filled: string;
  filledHover: string;
  /** Text on `filled`. */
  onFilled: string;
}

/** The surfaces text in a colour may sit on: the plain surfaces and the colour's own light tint over each. */
function surfacesWithTint(tint: Rgb): Rgb[] {
  return [...SURFACES, ...SURFACES.map((s) => composite(tint, TINT_OPACITY, s))];
}

/** Text colour for an arbitrary colour (e.g. a severity colour used as a badge colour). */
export function textColorFor(color: Rgb): Rgb {
  return darkenToContrast(color, surfacesWithTint(color), TARGET);
}

/** Text on a fill: white or black, whichever contrasts more. */
export function onFillFor(fill: Rgb): string {
  return contrastRatio(fill, WHITE) >= contrastRatio(fill, BLACK) ? '#ffffff' : '#000000';
}

export function colorRolesOf(palette: readonly string[]): ColorRoles {
  const shades = palette.map(parseHex);
  const base = shades[6] ?? BLACK;
  const candidates = shades.slice(6);
  const surfaces = surfacesWithTint(base);
  const text =
    candidates.find((c) => worstRatio(c, surfaces) >= TARGET) ??
    darkenToContrast(candidates[candidates.length - 1] ?? base, surfaces, TARGET);
  const filled = fillForWhiteText(candidates) ?? base;
  return {
    text: toHex(text),
    filled: toHex(filled),
    filledHover: toHex(shade(filled, 0.1)),
    onFilled: onFillFor(filled),
  };
}

/**
 * The first shade that carries white text, or the darkest shade darkened by at most MAX_FILL_DARKENING until it does;
 * `undefined` when the colour is too light for white text (yellow, lime).
 */
function fillForWhiteText(candidates: readonly Rgb[]): Rgb | undefined {
  const ready = candidates.find((c) => contrastRatio(c, WHITE) >= TARGET);
  if (ready) return ready;
  const darkest = candidates[candidates.length - 1];
  if (!darkest) return undefined;
  for (let amount = 0.02; amount <= MAX_FILL_DARKENING; amount += 0.02) {
    const candidate = shade(darkest, amount);
    if (contrastRatio(candidate, WHITE) >= TARGET) return candidate;
  }
  return undefined;
}

const PALETTES = Object.entries(DEFAULT_THEME.colors).filter(([name]) => name !== 'dark');
export const COLOR_ROLES: Readonly<Record<string, ColorRoles>> = Object.fromEntries(
  PALETTES.map(([name, palette]) => [name, colorRolesOf(palette)]),
);
export const DIMMED_TEXT = toHex(darkenToContrast(parseHex(GRAY[6]), SURFACES, TARGET));

const PRIMARY = 'blue';

/** Variants in light colours get their text colour from COLOR_ROLES; a plain hex colour is darkened the same way. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const base = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color || input.theme.primaryColor, theme: input.theme });
  if (parsed.isThemeColor) {
    const roles = COLOR_ROLES[parsed.color];
    if (!roles) return base;
    const name = parsed.color;
    switch (input.variant) {
      case 'filled':
        return {
          ...base,
          background: `var(--mantine-color-${name}-filled)`,
          hover: `var(--mantine-color-${name}-filled-hover)`,
          color: roles.onFilled,
        };
      case 'light':
      case 'subtle':
      case 'transparent':
        return { ...base, color: `var(--mantine-color-${name}-light-color)` };
      case 'outline':
        return { ...base, color: `var(--mantine-color-${name}-outline)`, border: `1px solid currentColor` };
      case 'white':
        return { ...base, color: `var(--mantine-color-${name}-text)` };
      default:
        return base;
    }
  }
  if (!/^#[0-9a-f]{3}([0-9a-f]{3})?$/i.test(parsed.value)) return base;
  const rgb = parseHex(parsed.value);
  switch (input.variant) {
    case 'filled':
      return { ...base, color: onFillFor(rgb) };
    case 'light':
    case 'subtle':
    case 'transparent':
    case 'outline':
    case 'white':
      return { ...base, color: toHex(textColorFor(rgb)) };
    default:
      return base;
  }
};

/** The portal's Mantine theme: one brand colour (blue), rounded cards, the system font stack, AA contrast. */
export const theme = createTheme({
  primaryColor: PRIMARY,
  defaultRadius: 'md',
  focusRing: 'auto',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  variantColorResolver,
  components: {
    Card: { defaultProps: { shadow: 'xs' } },
    // Links inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Icon-only buttons need a name (WCAG 4.1.2): the close buttons of dialogs, the arrows of every pagination.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    Pagination: { defaultProps: { getControlProps: (control: string) => ({ 'aria-label': `${control} page` }) } },
    // A spinner is a status: `aria-label` is not allowed on a plain span, but it names a status (WCAG 4.1.2).
    Loader: { defaultProps: { role: 'status' } },
  },
});

/** CSS variables of the light theme that carry the colour roles above (pass to MantineProvider). */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED_TEXT,
    // Disabled text is exempt from 1.4.3, but a disabled option beside enabled ones (a segmented control) must still
    // be readable; the gray background says it is disabled.
    '--mantine-color-disabled-color': DIMMED_TEXT,
    '--mantine-color-anchor': COLOR_ROLES[PRIMARY]?.text ?? '',
    '--mantine-color-error': COLOR_ROLES.red?.text ?? '',
    '--mantine-primary-color-contrast': COLOR_ROLES[PRIMARY]?.onFilled ?? '',
  };
  for (const [name, roles] of Object.entries(COLOR_ROLES)) {
    light[`--mantine-color-${name}-text`] = roles.text;
    light[`--mantine-color-${name}-light-color`] = roles.text;
    light[`--mantine-color-${name}-outline`] = roles.text;
    light[`--mantine-color-${name}-filled`] = roles.filled;
    light[`--mantine-color-${name}-filled-hover`] = roles.filledHover;
  }
  return { variables: {}, light, dark: {} };
};
