import { core, isSafeUrl } from '../engage/core';
import { sanitizeHtml } from '../engage/sanitize';
import { el, surfaceHost } from '../engage/shadow';
import { NO_PATH, OVERLAY_OPACITY, STAGE_ANIMATION_MS, TOUR_TEXTS, fill } from './constants';
import { type Box, between, overlayPath, placePopover, stageOf } from './geometry';
import { reveal } from './reveal';
import type { TourData, TourStep } from './types';

/** What the popover's controls and the keyboard ask of the tour. */
export interface TourControls {
  next(): void;
  prev(): void;
  quit(): void;
  /** The highlighted element left the page (an SPA route change): look for the step's element again. */
  lost(): void;
}

/** One step on screen: its element (null: the centred dummy), its place in the tour, and whether the page is live. */
export interface StepView {
  target: Element | null;
  step: TourStep;
  index: number;
  total: number;
  /** CLICK and INPUT steps: the element takes the pointer and the keyboard. */
  interactive: boolean;
  /** INPUT steps: whether Next may be used yet. */
  canContinue: boolean;
}

const CSS = `:host{all:initial;position:fixed;inset:0;z-index:2147483646;pointer-events:none;font:14px/1.45 var(--voltline-font,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif);color:var(--voltline-text-color,#111827)}
svg{position:fixed;inset:0;width:100vw;height:100vh}path{pointer-events:auto;cursor:default}
.blk{position:fixed;pointer-events:auto}
.pop{position:fixed;box-sizing:border-box;width:min(340px,calc(100vw - 16px));background:var(--voltline-background,#fff);border-radius:8px;padding:16px;box-shadow:0 6px 24px rgba(0,0,0,.25);pointer-events:auto;outline:none;animation:in ${STAGE_ANIMATION_MS}ms ease}
.pop:focus{outline:none}
.arr{position:absolute;width:10px;height:10px;background:var(--voltline-background,#fff);transform:rotate(45deg)}
.bottom .arr{top:-5px}.top .arr{bottom:-5px}.right .arr{left:-5px}.left .arr{right:-5px}.center .arr{display:none}
h2{margin:0 24px 6px 0;font-size:16px;line-height:1.3}
.snd{display:flex;align-items:center;gap:8px;margin:0 24px 8px 0;font-weight:600}.snd img{width:28px;height:28px;border-radius:50%;object-fit:cover}
.desc{overflow-wrap:anywhere;max-height:50vh;overflow:auto}.desc img,.desc video{max-width:100%}.desc p{margin:0 0 8px}
.vid{position:relative}.vid video{display:block;width:100%;border-radius:6px}
.foot{display:flex;align-items:center;gap:8px;margin-top:12px}.prog{margin-inline-end:auto;color:#4b5563;font-size:13px}
button{font:inherit;cursor:pointer;border-radius:6px;border:1px solid #d1d5db;background:#fff;color:#111827;padding:6px 12px}
button:focus-visible{outline:2px solid var(--voltline-color,#485bff);outline-offset:2px}
.nx{background:var(--voltline-color,#3344d6);border-color:var(--voltline-color,#3344d6);color:#fff}.nx:disabled{opacity:.5;cursor:not-allowed}
.x{position:absolute;top:8px;inset-inline-end:8px;border:0;padding:2px 8px;font-size:18px;line-height:1;color:#4b5563;background:none}
.vb{position:absolute;inset-inline-end:8px;bottom:8px;background:rgba(17,24,39,.8);color:#fff;border:0;font-size:12px}
@keyframes in{from{opacity:0}to{opacity:1}}
@media (prefers-reduced-motion:reduce){.pop{animation:none}}`;

const SVG = 'http://www.w3.org/2000/svg';

/**
 * The tour's overlay, stage and popover in their own shadow host: an SVG that dims the page except for the stage (the
 * element grown by the padding, rounded), a popover beside it with an arrow, and the keyboard rules of a modal dialog
 * (focus kept in the popover and the live element, Escape quits). Positions are viewport coordinates from
 * `getBoundingClientRect`, so scroll containers and fixed headers need no special case; scroll and resize reposition.
 */
export function createView(data: TourData, controls: TourControls) {
  let T = core.localize(TOUR_TEXTS);
  const root = surfaceHost('voltline-tour', CSS);
  const host = root.host as HTMLElement;
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill-rule', 'evenodd');
  path.setAttribute('fill', '#000');
  path.setAttribute('opacity', String(OVERLAY_OPACITY));
  svg.appendChild(path);
  // the stage's blocker: steps that are not CLICK or INPUT show their element without letting it be used
  const blocker = el('div', { class: 'blk' });
  root.append(svg, blocker);

  const returnFocus = document.activeElement as HTMLElement | null;
  let current: StepView | null = null;
  let pop: HTMLElement | null = null;
  let stage: Box | null = null;
  let anim = 0;
  let frame = 0;
  let unmuted = false;

  function draw(s: Box | null): void {
    const p = svg.querySelector('path');
    if (!p) {
      console.error(NO_PATH);
      return;
    }
    const vw = innerWidth;
    const vh = innerHeight;
    svg.setAttribute('viewBox', `0 0 ${vw} ${vh}`);
    p.setAttribute('d', overlayPath(vw, vh, s));
    const b = s ?? { x: 0, y: 0, w: 0, h: 0 };
    Object.assign(blocker.style, {
      left: `${b.x}px`,
      top: `${b.y}px`,
      width: `${b.w}px`,
      height: `${b.h}px`,
      display: current?.interactive || !s ? 'none' : '',
    });
  }

  function placePop(): void {
    if (!pop) return;
    const r = pop.getBoundingClientRect();
    const at = placePopover(stage, { w: r.width, h: r.height }, innerWidth, innerHeight);
    pop.className = `pop ${at.side}`;
    pop.style.left = `${at.x}px`;
    pop.style.top = `${at.y}px`;
    const arrow = pop.querySelector<HTMLElement>('.arr');
    if (arrow) {
      const horizontal = at.side === 'top' || at.side === 'bottom';
      arrow.style.left = horizontal ? `${at.arrow - 5}px` : '';
      arrow.style.top = horizontal ? '' : `${at.arrow - 5}px`;
    }
  }

  /** Stage and popover where the element is now; without animation (scroll, resize, layout shifts). */
  function layout(): void {
    if (!current) return;
    const t = current.target;
    if (t && !t.isConnected) {
      controls.lost();
      return;
    }
    stage = t ? stageOf(t.getBoundingClientRect()) : null;
    if (!anim) draw(stage);
    placePop();
  }

  function schedule(): void {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      layout();
    });
  }

  function tabbables(): HTMLElement[] {
    const own = pop ? [...pop.querySelectorAll<HTMLElement>('button:not(:disabled),a[href]')] : [];
    const t = current?.interactive ? (current.target as HTMLElement | null) : null;
    return t ? [t, ...own] : own;
  }

  function inside(node: EventTarget | null): boolean {
    if (node === host) return true;
    const t = current?.interactive ? current.target : null;
    return !!t && node instanceof Node && t.contains(node);
  }

  function onKey(e: KeyboardEvent): void {
    if (e.key === 'Escape') {
      // a keyboard trap must have a way out (WCAG 2.1.2): Escape quits whatever allowClose says
      e.preventDefault();
      e.stopPropagation();
      controls.quit();
      return;
    }
    if (e.key !== 'Tab' || !pop) return;
    const list = tabbables();
    if (!list.length) return;
    const active = (root.activeElement as HTMLElement | null) ?? (document.activeElement as HTMLElement | null);
    const i = list.findIndex((n) => n === active || (active && n.contains(active)));
    const next = e.shiftKey ? (i <= 0 ? list.length - 1 : i - 1) : i < 0 || i === list.length - 1 ? 0 : i + 1;
    e.preventDefault();
    list[next]!.focus();
  }

  function onFocusIn(e: FocusEvent): void {
    if (pop && !inside(e.target)) pop.focus();
  }

  addEventListener('keydown', onKey, true);
  document.addEventListener('focusin', onFocusIn, true);
  addEventListener('scroll', schedule, { capture: true, passive: true });
  addEventListener('resize', schedule, { passive: true });
  // layout shifts that fire no event (late images, an SPA re-render removing the element)
  const poll = setInterval(layout, 250);

  function button(cls: string, text: string, onClick: () => void, label?: string): HTMLButtonElement {
    const b = el('button', { type: 'button', class: cls, ...(label ? { 'aria-label': label } : {}) }, text);
    b.addEventListener('click', onClick);
    return b;
  }

  function video(url: string): HTMLElement {
    const v = el('video', { playsinline: '', autoplay: '', src: url });
    v.muted = !unmuted;
    const toggle = button('vb', '', () => {
      unmuted = v.muted;
      v.muted = !v.muted;
      if (!v.muted) void v.play?.()?.catch?.(() => {});
      label();
    });
    const label = () => {
      toggle.textContent = v.muted ? T.unmute : T.mute;
      toggle.setAttribute('aria-label', v.muted ? T.unmuteVideo : T.muteVideo);
    };
    label();
    return el('div', { class: 'vid' }, v, toggle);
  }

  function popover(v: StepView): HTMLElement {
    const { step, index, total } = v;
    const last = index === total - 1;
    T = core.localize(TOUR_TEXTS);
    const box = el(
      'div',
      { role: 'dialog', 'aria-modal': 'true', tabindex: '-1', class: 'pop', part: 'popover' },
      el('span', { class: 'arr' }),
    );
    if (data.allowClose) box.append(button('x', '×', controls.quit, T.closeTour));
    const sender = data.sender;
    if (sender?.firstName && step.type !== 'video-pointer') {
      const who = el('div', { class: 'snd' });
      if (sender.profileImageUrl && isSafeUrl(sender.profileImageUrl))
        who.append(el('img', { src: sender.profileImageUrl, alt: '' }));
      who.append(String(sender.firstName));
      box.append(who);
    }
    if (typeof step.title === 'string' && step.title.trim()) {
      box.append(el('h2', { id: 'vt-title' }, step.title));
      box.setAttribute('aria-labelledby', 'vt-title');
    } else box.setAttribute('aria-label', total > 1 ? fill(T.tourStep, index + 1, total) : T.tour);
    const desc = el('div', { class: 'desc', id: 'vt-desc' });
    if (step.type === 'video-pointer' && typeof step.videoUrl === 'string' && isSafeUrl(step.videoUrl))
      desc.append(video(step.videoUrl));
    desc.append(sanitizeHtml(step.message));
    // an image of the server's HTML without a text alternative is decorative to assistive technology
    for (const img of desc.querySelectorAll('img:not([alt])')) img.setAttribute('alt', '');
    box.append(desc);
    box.setAttribute('aria-describedby', 'vt-desc');
    const foot = el('div', { class: 'foot' });
    if (total > 1) foot.append(el('span', { class: 'prog' }, fill(T.stepOf, index + 1, total)));
    const click = step.mode === 'CLICK';
    if (!click && data.backButton && index > 0)
      foot.append(button('pv', text(data.prevText, T.previous), controls.prev));
    if (!click) {
      const nx = button('nx', last ? text(data.doneText, T.done) : text(data.nextText, T.next), controls.next);
      nx.disabled = !v.canContinue;
      foot.append(nx);
    }
    if (foot.childNodes.length) box.append(foot);
    // late images and videos change the popover's height
    for (const m of box.querySelectorAll('img,video')) {
      m.addEventListener('load', schedule);
      m.addEventListener('loadedmetadata', schedule);
    }
    return box;
  }

  return {
    root,
    /** Show a step: the stage moves to its element in `STAGE_ANIMATION_MS`, the popover appears beside it. */
    show(v: StepView): void {
      const from = stage;
      current = v;
      if (v.target) reveal(v.target, host);
      pop?.remove();
      pop = popover(v);
      root.append(pop);
      stage = v.target ? stageOf(v.target.getBoundingClientRect()) : null;
      placePop();
      cancelAnimationFrame(anim);
      anim = 0;
      const to = stage;
      const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
      if (from && to && !reduced) {
        const start = performance.now();
        const step = (now: number) => {
          const t = Math.min(1, (now - start) / STAGE_ANIMATION_MS);
          draw(between(from, stage ?? to, t));
          anim = t < 1 ? requestAnimationFrame(step) : 0;
        };
        anim = requestAnimationFrame(step);
      } else draw(to);
      pop.focus();
    },
    /** While the next step's element is looked for: the page stays dimmed, no popover. */
    waiting(): void {
      current = null;
      stage = null;
      pop?.remove();
      pop = null;
      draw(null);
    },
    /** INPUT steps: Next becomes usable once the typing is acceptable. */
    setCanContinue(ok: boolean): void {
      if (current) current.canContinue = ok;
      const nx = pop?.querySelector<HTMLButtonElement>('.nx');
      if (nx) nx.disabled = !ok;
    },
    layout,
    destroy(): void {
      cancelAnimationFrame(anim);
      cancelAnimationFrame(frame);
      clearInterval(poll);
      removeEventListener('keydown', onKey, true);
      document.removeEventListener('focusin', onFocusIn, true);
      removeEventListener('scroll', schedule, { capture: true });
      removeEventListener('resize', schedule);
      host.remove();
      if (returnFocus?.isConnected) returnFocus.focus?.();
    },
  };
}

export type TourView = ReturnType<typeof createView>;

const text = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v : fallback);
