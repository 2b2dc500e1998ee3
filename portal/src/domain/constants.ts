/** Business constants and limits of portal spec §9. */

export const PRODUCT_NAME = 'Voltline';

/** Toast auto-close, in milliseconds. */
export const TOAST_DURATION_MS = 5000;
/** A toast dragged further than this share of its width is dismissed. */
export const TOAST_SWIPE_THRESHOLD = 0.8;
/** The persisted session store must be restored within this time; after it, the app starts from defaults. */
export const STORE_RESTORE_TIMEOUT_MS = 5000;
/** Query and mutation retries. */
export const QUERY_RETRIES = 0;
/** Default `activeOffset` of the vehicle state group. */
export const DEFAULT_ACTIVE_OFFSET = 1;
/** Model configuration flow length. */
export const MODEL_CONFIGURATION_STEP_COUNT = 6;
/** Widgets on the page switch to their mobile layout below this width. */
export const MOBILE_BREAKPOINT_PX = 450;

/** A fixed value the original product exports; the spec keeps its meaning unknown, so it is kept verbatim. */
export const FIXED_VALUE_770 = '770';

/** The 12-colour palette every chart series cycles through. */
export const CHART_PALETTE = [
  '#2F6FED',
  '#12B886',
  '#FAB005',
  '#FA5252',
  '#7950F2',
  '#15AABF',
  '#FD7E14',
  '#E64980',
  '#82C91E',
  '#4C6EF5',
  '#868E96',
  '#20C997',
] as const;

/** The palette colour of the n-th series (wraps around). */
export function chartColor(index: number): string {
  const n = CHART_PALETTE.length;
  return CHART_PALETTE[((index % n) + n) % n] as string;
}
