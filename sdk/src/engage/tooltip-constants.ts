/** The business constants of tooltips and hotspots (spec §9), pinned by `constants.test.ts`. */

/** Tooltips: reposition throttle, hide delay after the pointer leaves, fade. */
export const TOOLTIP_REPOSITION_MS = 250;
export const TOOLTIP_HIDE_DELAY_MS = 500;
export const TOOLTIP_FADE_MS = 200;
/** Hotspot placement defaults: posX, posY, offsetX, offsetY. */
export const HOTSPOT_DEFAULTS = { posX: 'right', posY: 'center', offsetX: 4, offsetY: 0 } as const;
