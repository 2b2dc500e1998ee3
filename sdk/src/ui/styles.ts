import type { FlowConfig } from '../core/config';

/** Brightness threshold for light or dark text on a colour (§9). */
export const CONTRAST_THRESHOLD = 160;

/** Black or white text for a background colour. */
export function contrastColor(hex: string): string {
  const h = hex.replace('#', '');
  const full = h.length === 3 ? h.replace(/./g, '$&$&') : h;
  const n = Number.parseInt(full.slice(0, 6), 16);
  if (Number.isNaN(n)) return '#fff';
  const r = (n >> 16) & 255;
  const g = (n >> 8) & 255;
  const b = n & 255;
  return (r * 299 + g * 587 + b * 114) / 1000 > CONTRAST_THRESHOLD ? '#000' : '#fff';
}

const COLOR_RE = /^(#[0-9a-f]{3,8}|[a-z]{3,20}|(rgb|hsl)a?\([\d\s.,%/-]{3,40}\))$/i;

/** A server- or integrator-provided colour, or the fallback when it is anything but a plain CSS colour. */
export function safeColor(value: unknown, fallback: string): string {
  return typeof value === 'string' && COLOR_RE.test(value.trim()) ? value.trim() : fallback;
}

/** The config's values as the stylesheets use them: colours validated (never pasted), offsets and radius in px. */
function styleValues(config: FlowConfig) {
  return {
    ...config,
    color: safeColor(config.color, '#485BFF'),
    headerColor: safeColor(config.headerColor, '#485BFF'),
    buttonColor: safeColor(config.buttonColor, '#485BFF'),
    backgroundColor: safeColor(config.backgroundColor, '#FFFFFF'),
    x: `${Number(config.buttonX) || 0}px`,
    y: `${Number(config.buttonY) || 0}px`,
    r: `${Number(config.borderRadius) || 0}px`,
  };
}

export type StyleValues = ReturnType<typeof styleValues>;

/**
 * The whole stylesheet of the shadow root, derived from the flow config. The host page's theme wins without
 * `!important`: the custom properties `--voltline-button-color`, `--voltline-button-text-color`, `--voltline-color`
 * (focus ring), `--voltline-background` and `--voltline-radius` (frame container) and `--voltline-font` replace the
 * config's values, and `voltline-widget::part(button)` and `::part(frame)` reach the two elements (sdk/README.md,
 * Theming). The frame container's rules (`frame`: `frameCss` of `ui/frame-styles.ts`) load with the frame; until they
 * are there the container is not displayed.
 */
export function widgetCss(config: FlowConfig, frame?: (c: StyleValues) => string): string {
  const c = styleValues(config);
  const { x, y, r } = c;
  return `:host{all:initial}
*{box-sizing:border-box;font-family:var(--voltline-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif)}
.btn{position:fixed;z-index:2147483600;border:0;cursor:pointer;background:var(--voltline-button-color,${c.buttonColor});color:var(--voltline-button-text-color,${contrastColor(c.buttonColor)});display:flex;align-items:center;justify-content:center;gap:8px;box-shadow:0 2px 12px rgba(0,0,0,.2);transition:transform .2s}
.btn:focus-visible{outline:3px solid var(--voltline-color,${c.color});outline-offset:3px}
.btn svg,.btn img{width:28px;height:28px;object-fit:contain}
.btn[hidden]{display:none}
.modern{width:56px;height:56px;border-radius:50%;bottom:${y};right:${x}}
.modern.left{right:auto;left:${x}}
.modern.open{transform:scale(.9)}
.classic{top:50%;right:0;padding:8px 14px;border-radius:${r} ${r} 0 0;transform:rotate(-90deg) translate(50%,-50%);transform-origin:100% 50%}
.classic.left{right:auto;left:0;transform:rotate(90deg) translate(-50%,-50%);transform-origin:0 50%}
.classic.bottom{top:auto;bottom:0;right:${x};transform:none}
.survey{opacity:.9}
.bubble{position:absolute;top:-4px;right:-4px;min-width:20px;height:20px;padding:0 5px;border-radius:10px;background:#e5484d;color:#fff;font-size:12px;line-height:20px;text-align:center}
${frame ? frame(c) : '.frame{display:none}'}`;
}
