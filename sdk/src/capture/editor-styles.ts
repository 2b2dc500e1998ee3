import { EDITOR } from './constants';

/** Styles of the capture editor's shadow root; applied as a constructable stylesheet (works under a strict CSP). */
export const EDITOR_CSS = `
:host { all: initial; }
* { box-sizing: border-box; }
.root { position: fixed; inset: 0; z-index: ${EDITOR.zIndex}; pointer-events: none;
  font: 500 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #111827; }
.frame { position: fixed; inset: 0; border: 4px solid var(--gl-color); pointer-events: none; border-radius: 2px; }
.surface { position: fixed; inset: 0; pointer-events: auto; cursor: crosshair; touch-action: none; }
.surface[data-tool="pointer"], .surface[data-disabled] { pointer-events: none; }
.toolbar { position: fixed; top: 16px; left: 50%; transform: translateX(-50%); display: flex; align-items: center; gap: 2px;
  padding: 6px; background: #fff; border-radius: 14px; pointer-events: auto;
  box-shadow: 0 1px 2px rgba(16,24,40,.08), 0 10px 30px -8px rgba(16,24,40,.28); border: 1px solid rgba(16,24,40,.08);
  transition: opacity ${EDITOR.toolbarFadeMs}ms ease; }
.toolbar[data-faded] { opacity: ${EDITOR.toolbarFadedOpacity}; pointer-events: none; }
.toolbar[data-moved] { transform: none; }
.sep { width: 1px; height: 24px; background: #e5e7eb; margin: 0 4px; }
button { all: unset; box-sizing: border-box; display: inline-flex; align-items: center; justify-content: center; gap: 6px;
  min-width: 36px; height: 36px; padding: 0 8px; border-radius: 10px; color: #374151; cursor: pointer; position: relative; }
button:hover { background: #f3f4f6; color: #111827; }
button:focus-visible { outline: 2px solid #0A93E4; outline-offset: 1px; }
button[aria-pressed="true"] { background: #111827; color: #fff; }
button[aria-disabled="true"] { color: #c0c4cc; cursor: not-allowed; background: none; }
.grip { cursor: grab; min-width: 24px; padding: 0 2px; color: #9ca3af; }
.grip:active { cursor: grabbing; }
.swatch-button .chip { width: 18px; height: 18px; border-radius: 50%; background: var(--gl-color); box-shadow: inset 0 0 0 2px rgba(255,255,255,.9), 0 0 0 1px rgba(0,0,0,.15); }
.palette { position: absolute; top: 50px; display: none; gap: 6px; padding: 8px; background: #fff; border-radius: 12px;
  box-shadow: 0 10px 30px -8px rgba(16,24,40,.3); border: 1px solid rgba(16,24,40,.08); }
.palette[data-open] { display: flex; }
.palette button { min-width: 28px; width: 28px; height: 28px; padding: 0; border-radius: 50%; }
.palette button span { width: 22px; height: 22px; border-radius: 50%; display: block; }
.palette button[aria-checked="true"] { box-shadow: 0 0 0 2px #111827; background: none; }
.primary { background: #111827; color: #fff; padding: 0 14px; font-weight: 600; }
.primary:hover { background: #1f2937; color: #fff; }
.record .dot { width: 14px; height: 14px; border-radius: 50%; background: #EB144C; display: block; }
.record .square { width: 12px; height: 12px; border-radius: 3px; background: #EB144C; display: block; }
.record[aria-pressed="true"] { background: #fde8ee; color: #EB144C; }
.record[aria-disabled="true"] .dot, button[aria-disabled="true"] .chip { opacity: .35; }
button.mic[aria-pressed="true"] { background: none; color: #374151; }
button.mic[aria-pressed="true"]:hover { background: #f3f4f6; }
button.mic[aria-pressed="false"] { color: #EB144C; }
button.mic[aria-disabled="true"] { color: #c0c4cc; }
.timer { font-variant-numeric: tabular-nums; font-weight: 600; min-width: 44px; text-align: center; color: #111827; padding: 0 4px; }
.timer[data-live]::before { content: ""; display: inline-block; width: 8px; height: 8px; border-radius: 50%; background: #EB144C;
  margin-inline-end: 6px; vertical-align: middle; animation: gl-pulse 1.2s infinite; }
@keyframes gl-pulse { 50% { opacity: .3; } }
.tip { position: absolute; top: 44px; left: 50%; transform: translateX(-50%); white-space: nowrap; background: #111827; color: #fff;
  font-size: 12px; padding: 6px 8px; border-radius: 8px; pointer-events: none; opacity: 0; transition: opacity .15s; }
button:hover > .tip, button:focus-visible > .tip { opacity: 1; }
.hint { position: fixed; bottom: 20px; left: 50%; transform: translateX(-50%); background: rgba(17,24,39,.88); color: #fff;
  padding: 8px 14px; border-radius: 999px; font-size: 13px; pointer-events: none; white-space: nowrap; transition: opacity .2s; }
.hint[data-faded] { opacity: 0; }
.alert { position: fixed; top: 72px; left: 50%; transform: translateX(-50%); max-width: min(460px, calc(100vw - 32px));
  display: flex; gap: 10px; align-items: flex-start; background: #fff; color: #7f1d1d; border: 1px solid #fecaca;
  border-left: 4px solid #EB144C; padding: 10px 10px 10px 14px; border-radius: 10px; pointer-events: auto;
  box-shadow: 0 10px 30px -8px rgba(16,24,40,.3); }
.alert[hidden], .preview[hidden], .hint[hidden] { display: none; }
.alert p { margin: 6px 0; }
.alert button { min-width: 28px; height: 28px; }
.preview { position: fixed; inset: 0; background: rgba(17,24,39,.55); display: flex; align-items: center; justify-content: center;
  pointer-events: auto; padding: 16px; }
.card { background: #fff; border-radius: 16px; padding: 16px; width: min(720px, 100%); box-shadow: 0 24px 60px -12px rgba(0,0,0,.45); }
.card h2 { margin: 0 0 12px; font-size: 16px; }
.card video { width: 100%; max-height: 60vh; border-radius: 10px; background: #000; display: block; }
.actions { display: flex; justify-content: flex-end; gap: 8px; margin-top: 12px; }
.secondary { border: 1px solid #d1d5db; padding: 0 14px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;
