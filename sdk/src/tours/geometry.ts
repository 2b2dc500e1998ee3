import { POINTER_WIDTH, POPOVER_OFFSET, STAGE_PADDING, STAGE_RADIUS } from './constants';

/** A rectangle in viewport coordinates. */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export type Side = 'top' | 'bottom' | 'left' | 'right' | 'center';

/** Popovers keep this far from the viewport's edges. */
const MARGIN = 8;

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(v, Math.max(lo, hi)));

/** The stage: the element's box grown by the padding on every side. */
export const stageOf = (r: { left: number; top: number; width: number; height: number }, pad = STAGE_PADDING): Box => ({
  x: r.left - pad,
  y: r.top - pad,
  w: r.width + 2 * pad,
  h: r.height + 2 * pad,
});

/**
 * The overlay's path: the whole viewport with the stage cut out as a rounded rectangle (even-odd fill, so the cut-out
 * is neither painted nor hit: the pointer reaches the element through it). No stage: the whole viewport is dimmed.
 */
export function overlayPath(vw: number, vh: number, s: Box | null, radius = STAGE_RADIUS): string {
  const outer = `M0 0H${vw}V${vh}H0Z`;
  if (!s || s.w <= 0 || s.h <= 0) return outer;
  const r = Math.max(0, Math.min(radius, s.w / 2, s.h / 2));
  const w = s.w - 2 * r;
  const h = s.h - 2 * r;
  const f = (n: number) => Math.round(n * 100) / 100;
  return `${outer}M${f(s.x + r)} ${f(s.y)}h${f(w)}a${r} ${r} 0 0 1 ${r} ${r}v${f(h)}a${r} ${r} 0 0 1 -${r} ${r}h-${f(w)}a${r} ${r} 0 0 1 -${r} -${r}v-${f(h)}a${r} ${r} 0 0 1 ${r} -${r}z`;
}

/**
 * Where the popover goes: below the stage, else above, right, left, each `offset` away and kept inside the viewport;
 * centred in the viewport when it fits nowhere or there is no stage (the centred dummy). `arrow` is the arrow's
 * offset along the popover's edge that faces the stage.
 */
export function placePopover(
  s: Box | null,
  pop: { w: number; h: number },
  vw: number,
  vh: number,
  offset = POPOVER_OFFSET,
): { x: number; y: number; side: Side; arrow: number } {
  const centred = {
    x: Math.max(MARGIN, (vw - pop.w) / 2),
    y: Math.max(MARGIN, (vh - pop.h) / 2),
    side: 'center' as Side,
    arrow: 0,
  };
  if (!s) return centred;
  const cx = s.x + s.w / 2;
  const cy = s.y + s.h / 2;
  const x = clamp(cx - pop.w / 2, MARGIN, vw - pop.w - MARGIN);
  const y = clamp(cy - pop.h / 2, MARGIN, vh - pop.h - MARGIN);
  const ax = clamp(cx - x, 12, pop.w - 12);
  const ay = clamp(cy - y, 12, pop.h - 12);
  if (s.y + s.h + offset + pop.h <= vh - MARGIN) return { x, y: s.y + s.h + offset, side: 'bottom', arrow: ax };
  if (s.y - offset - pop.h >= MARGIN) return { x, y: s.y - offset - pop.h, side: 'top', arrow: ax };
  if (s.x + s.w + offset + pop.w <= vw - MARGIN) return { x: s.x + s.w + offset, y, side: 'right', arrow: ay };
  if (s.x - offset - pop.w >= MARGIN) return { x: s.x - offset - pop.w, y, side: 'left', arrow: ay };
  return centred;
}

/** The box at `t` (0..1, eased in and out) of the way from `a` to `b`. */
export function between(a: Box, b: Box, t: number): Box {
  const e = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
  const m = (p: number, q: number) => p + (q - p) * e;
  return { x: m(a.x, b.x), y: m(a.y, b.y), w: m(a.w, b.w), h: m(a.h, b.h) };
}

/** Whether a rectangle lies wholly inside the viewport. */
export const inViewport = (r: { top: number; left: number; bottom: number; right: number }, vw: number, vh: number) =>
  r.top >= 0 && r.left >= 0 && r.bottom <= vh && r.right <= vw;

/**
 * Co-browse tours: where the pointer's tip goes (the element's centre, 10 px lower so the element's text stays
 * readable) and whether its bubble opens to the left because it would not fit on the right (the bubble's width,
 * `POINTER_WIDTH` or the viewport less 40 px, must end 20 px before the right edge). No element: the centre of the
 * viewport, bubble centred.
 */
export function pointerAt(
  r: { left: number; top: number; width: number; height: number } | null,
  vw: number,
  vh: number,
): { x: number; y: number; left: boolean; centred: boolean } {
  if (!r) return { x: vw / 2, y: vh / 2, left: false, centred: true };
  const x = r.left + r.width / 2;
  return { x, y: r.top + r.height / 2 + 10, left: x + Math.min(POINTER_WIDTH, vw - 40) > vw - 20, centred: false };
}
