import {
  CONTAINER_WIDTH_PX,
  EXTENDED_WIDTH_PX,
  INNER_HEIGHT_PX,
  MOBILE_BREAKPOINT_PX,
  SURVEY_FULL_WIDTH_PX,
} from '../core/constants';
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

/**
 * The whole stylesheet of the shadow root, derived from the flow config (colours are validated, never pasted). The host
 * page's theme wins without `!important`: the custom properties `--voltline-button-color`,
 * `--voltline-button-text-color`, `--voltline-color` (focus ring), `--voltline-background` and `--voltline-radius` (frame
 * container) and `--voltline-font` replace the config's values, and `voltline-widget::part(button)` and
 * `::part(frame)` reach the two elements (sdk/README.md, Theming).
 */
export function widgetCss(config: FlowConfig): string {
  const c = {
    ...config,
    color: safeColor(config.color, '#485BFF'),
    headerColor: safeColor(config.headerColor, '#485BFF'),
    buttonColor: safeColor(config.buttonColor, '#485BFF'),
    backgroundColor: safeColor(config.backgroundColor, '#FFFFFF'),
  };
  const x = `${Number(c.buttonX) || 0}px`;
  const y = `${Number(c.buttonY) || 0}px`;
  const r = `${Number(c.borderRadius) || 0}px`;
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
.frame{position:fixed;z-index:2147483601;bottom:${`calc(${y} + 70px)`};right:${x};width:calc(100vw - 40px);max-width:${CONTAINER_WIDTH_PX}px;height:calc(100vh - 120px);max-height:${INNER_HEIGHT_PX}px;border-radius:var(--voltline-radius,${r});overflow:hidden;background:var(--voltline-background,${c.backgroundColor});box-shadow:0 5px 40px rgba(0,0,0,.16);opacity:0;visibility:hidden;transform:translateY(12px)}
.frame.open{opacity:1;visibility:visible;transform:none}
.frame.animate{transition:opacity .3s,transform .3s}
.frame.loading{background:${c.backgroundColor} linear-gradient(${c.headerColor},${c.headerColor}) top/100% 160px no-repeat}
.frame.left{right:auto;left:${x}}
.frame.extended{max-width:${EXTENDED_WIDTH_PX}px}
.frame.survey,.frame.survey_web{height:auto}
.frame.survey_full{max-width:${SURVEY_FULL_WIDTH_PX}px;left:50%;right:auto;top:50%;bottom:auto;transform:translate(-50%,-50%)}
.frame iframe{width:100%;height:100%;border:0;display:block}
.frame[dir=rtl]{direction:rtl}
@media (max-width:${MOBILE_BREAKPOINT_PX}px){.frame,.frame.extended,.frame.survey_full{inset:0;width:100vw;max-width:none;height:100%;max-height:none;border-radius:0;transform:none}}`;
}
