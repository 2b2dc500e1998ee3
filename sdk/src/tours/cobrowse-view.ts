import { core, isSafeUrl } from '../engage/core';
import { el, surfaceHost } from '../engage/shadow';
import { COBROWSE_FADE_MS, POINTER_WIDTH, RIPPLE_MS } from './constants';
import { pointerAt } from './geometry';
import { reveal } from './reveal';
import type { TourData } from './types';

/** What the badge's controls ask of the tour. */
export interface CobrowseControls {
  toggleMute(): void;
  dismiss(): void;
}

/** The badge keeps this far from the viewport's edge (and from the element it would cover). */
const BADGE_MARGIN = 20;

const CSS = `:host{all:initial;position:fixed;inset:0;z-index:2147483646;pointer-events:none;font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;transition:opacity ${COBROWSE_FADE_MS}ms ease}
:host(.out){opacity:0}
.blk{position:fixed;inset:0;pointer-events:auto}.blk.off,:host(.out) .blk{pointer-events:none}
.grad{box-sizing:border-box;border:4px solid transparent;border-image:linear-gradient(45deg,#ed5587,#fbe6a9,#a6e3f8,#c294f2) 1;animation:in 1.5s ease}
.ptr{position:fixed;left:50%;top:50%;opacity:0;transition:left .5s ease,top .5s ease,opacity .3s ease}
.ptr svg{position:absolute;left:0;top:0;width:20px;height:25px}
.ptr.l svg{left:-20px;transform:scaleX(-1)}
.bub{position:absolute;top:22px;left:6px;box-sizing:border-box;width:max-content;max-width:min(${POINTER_WIDTH}px,calc(100vw - 40px));padding:10px 15px;border-radius:20px;background:#111827;color:#fff;box-shadow:0 2px 8px rgba(0,0,0,.25);overflow-wrap:anywhere}
.ptr.l .bub{left:auto;right:6px}
.ptr.c .bub{top:0;left:0;transform:translate(-50%,-50%)}.ptr.c svg{display:none}
.nx{display:block;margin-top:8px;pointer-events:auto;font:inherit;font-weight:600;cursor:pointer;border:0;border-radius:12px;padding:4px 12px;background:#fff;color:#111827}
.badge{position:fixed;bottom:${BADGE_MARGIN}px;left:0;right:0;margin:0 auto;width:max-content;display:flex;align-items:center;gap:8px;max-width:calc(100vw - 40px);box-sizing:border-box;padding:6px;background:#fff;border:1px solid rgba(192,146,242,.5);border-radius:10px;box-shadow:0 0 20px #c294f2;pointer-events:auto;animation:rise .5s ease-out}
.badge.up{bottom:auto;top:${BADGE_MARGIN}px;animation:none}
.av{width:24px;height:24px;flex:none;border-radius:6px;object-fit:cover;background:#5b3fd1;color:#fff;font-weight:700;font-size:13px;line-height:24px;text-align:center}
.slug{font-size:13px;color:#111827;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.badge button{display:flex;align-items:center;justify-content:center;width:28px;height:28px;padding:0;border:0;border-radius:6px;background:none;color:#111827;cursor:pointer}
.badge button:hover{background:#f3f4f6}button:focus-visible{outline:2px solid #485bff;outline-offset:1px}
.badge svg{width:18px;height:18px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.rip{position:fixed;width:34px;height:34px;margin:-17px 0 0 -17px;border-radius:50%;background:rgba(0,0,0,.5);animation:rip ${RIPPLE_MS}ms ease forwards}
@keyframes rip{from{transform:scale(.2);opacity:1}to{transform:scale(2);opacity:0}}
@keyframes rise{from{transform:translateY(100%);opacity:0}}@keyframes in{from{opacity:0}}
@media (prefers-reduced-motion:reduce){:host,.ptr{transition:none}.badge,.grad{animation:none}}`;

/**
 * Whether the badge moves from its place (bottom centre) to the top centre: only while the element the pointer tips at
 * lies under that place. Ours, the spec does not place the badge: the top-right corner (where it was) is where a site's
 * header keeps its user menu and sign-out, and a bottom corner is the launcher's; the bottom centre hides neither.
 */
export function badgeMovesUp(
  r: { left: number; right: number; bottom: number } | null,
  badge: { w: number; h: number },
  vw: number,
  vh: number,
): boolean {
  const left = (vw - badge.w) / 2 - BADGE_MARGIN;
  const right = (vw + badge.w) / 2 + BADGE_MARGIN;
  return !!r && r.bottom > vh - badge.h - 2 * BADGE_MARGIN && r.right > left && r.left < right;
}

const SVG = 'http://www.w3.org/2000/svg';

function icon(viewBox: string, ...paths: string[]): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('aria-hidden', 'true');
  for (const d of paths) {
    const p = document.createElementNS(SVG, 'path');
    p.setAttribute('d', d);
    svg.appendChild(p);
  }
  return svg;
}

const SPEAKER = 'M4 9h4l5-4v14l-5-4H4z';
const WAVES = 'M16.5 8.5a5 5 0 0 1 0 7M19.5 5.5a9 9 0 0 1 0 13';
const CROSSED = 'M16 9l6 6M22 9l-6 6';

/** English texts of a co-browse tour (its section of `WidgetStrings`, `core/i18n.ts`). */
export const COBROWSE_TEXTS = {
  cobrowse: 'Co-browse tour',
  assistantJoined: 'Your assistant joined',
  endTour: 'End the tour',
  muteVoice: 'Mute voice',
  unmuteVoice: 'Unmute voice',
};

/**
 * The co-browse tour on the page, in its own shadow host: a transparent layer that keeps the pointer off the page while
 * the widget drives it (with the gradient frame when the tour asks for it), the assistant's badge (avatar, slug, mute
 * toggle, optional dismiss) and the pointer with its bubble. Positions are viewport coordinates of
 * `getBoundingClientRect`, so scroll containers and fixed headers need no special case.
 */
export function createCobrowseView(data: TourData, controls: CobrowseControls) {
  const T = core.localize(COBROWSE_TEXTS);
  const root = surfaceHost('voltline-tour', CSS);
  const host = root.host as HTMLElement;
  host.setAttribute('data-mode', 'cobrowse');
  // first in the document: the badge's buttons come first in the tab order, not after the whole page
  document.body.prepend(host);

  const blocker = el('div', { class: data.gradient ? 'blk grad' : 'blk', 'aria-hidden': 'true' });
  const badge = el('div', { class: 'badge', role: 'group', 'aria-label': T.cobrowse });
  const avatar = typeof data.kaiAvatar === 'string' && isSafeUrl(data.kaiAvatar) ? data.kaiAvatar : '';
  const slug = typeof data.kaiSlug === 'string' ? data.kaiSlug.trim() : '';
  badge.append(
    avatar
      ? el('img', { class: 'av', src: avatar, alt: '' })
      : el('span', { class: 'av', 'aria-hidden': 'true' }, (slug[0] ?? 'K').toUpperCase()),
    el('span', { class: 'slug' }, slug || T.assistantJoined),
  );
  let mute: HTMLButtonElement | null = null;
  if (data.playVoice !== false) {
    mute = el('button', { type: 'button', class: 'mute' });
    mute.addEventListener('click', controls.toggleMute);
    badge.append(mute);
  }
  if (data.allowClose) {
    const x = el('button', { type: 'button', class: 'dismiss', 'aria-label': T.endTour });
    x.append(icon('0 0 24 24', 'M6 6l12 12M18 6L6 18'));
    x.addEventListener('click', controls.dismiss);
    badge.append(x);
  }

  const arrow = icon('0 0 16 20', 'M1.5 1.5v15.2l4.1-3.9 2.6 5.7 3-1.4-2.6-5.6h5.6z');
  arrow.setAttribute('style', 'fill:#111827;stroke:#fff;stroke-width:1.5');
  const text = el('span');
  // the narration is announced, politely, as it changes
  const bubble = el('div', { class: 'bub', role: 'status', 'aria-live': 'polite' }, text);
  const pointer = el('div', { class: 'ptr' }, arrow, bubble);
  root.append(blocker, pointer, badge);

  let target: Element | null = null;
  let ended = false;

  function place(): void {
    const r = target?.getBoundingClientRect() ?? null;
    const at = pointerAt(r, innerWidth, innerHeight);
    badge.classList.toggle(
      'up',
      badgeMovesUp(r, { w: badge.offsetWidth, h: badge.offsetHeight }, innerWidth, innerHeight),
    );
    pointer.className = `ptr${at.centred ? ' c' : at.left ? ' l' : ''}`;
    pointer.style.left = `${at.x}px`;
    pointer.style.top = `${at.y}px`;
  }

  return {
    root,
    /** The badge's mute toggle shows whether voices play. */
    setMuted(muted: boolean): void {
      if (!mute) return;
      mute.replaceChildren(icon('0 0 24 24', SPEAKER, muted ? CROSSED : WAVES));
      mute.setAttribute('aria-label', muted ? T.unmuteVoice : T.muteVoice);
      mute.setAttribute('aria-pressed', String(muted));
    },
    /** Point at `t` (null: the centre of the screen) and show `message` in the bubble. */
    point(t: Element | null, message: string): void {
      target = t;
      if (t) reveal(t, host);
      text.textContent = message;
      bubble.querySelector('.nx')?.remove();
      pointer.style.opacity = '1';
      place();
    },
    /** INPUT steps in the default mode: the page takes the pointer while the visitor types; `next` appears when done. */
    awaitTyping(on: boolean): void {
      blocker.classList.toggle('off', on);
    },
    /** A Next button in the bubble (the visitor typed something). */
    offerNext(label: string, next: () => void): void {
      if (bubble.querySelector('.nx')) return;
      const b = el('button', { type: 'button', class: 'nx' }, `${label} ${core.textDir() === 'rtl' ? '←' : '→'}`);
      b.setAttribute('aria-label', label);
      b.addEventListener('click', next);
      bubble.append(b);
    },
    /** The ripple of a CLICK step at the element's centre, gone after `RIPPLE_MS`. */
    ripple(t: Element): void {
      const r = t.getBoundingClientRect();
      const wave = el('div', { class: 'rip', 'aria-hidden': 'true' });
      wave.style.left = `${r.left + r.width / 2}px`;
      wave.style.top = `${r.top + r.height / 2}px`;
      root.append(wave);
      setTimeout(() => wave.remove(), RIPPLE_MS);
    },
    /** Follow the element (scroll, resize, late layout). */
    layout(): void {
      if (!ended && pointer.style.opacity === '1') place();
    },
    /** Fade out (`COBROWSE_FADE_MS`), then leave the page; the page takes the pointer again at once. */
    destroy(): void {
      if (ended) return;
      ended = true;
      host.classList.add('out');
      host.removeAttribute('data-mode');
      setTimeout(() => host.remove(), COBROWSE_FADE_MS);
    },
  };
}

export type CobrowseView = ReturnType<typeof createCobrowseView>;
