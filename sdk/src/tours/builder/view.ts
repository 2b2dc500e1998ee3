import { builderHost, core, el } from './host';
import { BUILDER_TEXTS, HIGHLIGHT_COLOR, PICK_COLOR } from './constants';

/**
 * What the builder shows on the page, in its own shadow root: the builder frame along the bottom, the collapse handle
 * centred above it (clear of the widget's launcher in either bottom corner), and two outlines drawn over page elements (the one under the mouse while picking, the one the builder asks
 * to highlight). The outlines never take the mouse, so the page under them stays pickable.
 */

const css = `:host{all:initial}
.frame{position:fixed;left:0;right:0;bottom:0;width:100vw;height:0;z-index:2147483640;background:#fff;box-shadow:0 -2px 12px rgba(0,0,0,.12)}
.frame iframe{display:block;width:100%;height:100%;border:0}
.handle{position:fixed;left:50%;transform:translateX(-50%);bottom:75px;z-index:2147483641;width:32px;height:32px;padding:0;border:0;border-radius:50%;background:#fff;color:#000;cursor:pointer;display:flex;align-items:center;justify-content:center;box-shadow:rgba(0,0,0,.16) 0 10px 36px,rgba(0,0,0,.06) 0 0 0 1px}
.handle:focus-visible{outline:3px solid ${PICK_COLOR};outline-offset:2px}
.handle svg{width:20px;height:14px;fill:currentColor;transition:transform .2s}
.collapsed .frame{display:none}
.collapsed .handle{bottom:16px}
.collapsed .handle svg{transform:rotate(180deg)}
.box{position:fixed;display:none;box-sizing:border-box;pointer-events:none;z-index:2147483639;border-radius:5px}
.pick{border:4px solid ${PICK_COLOR}}
.mark{box-shadow:0 0 0 4px ${HIGHLIGHT_COLOR}}`;

const ARROW = '<svg viewBox="0 0 20 14" aria-hidden="true"><path d="M2 2l8 9 8-9"/></svg>';

export interface BuilderView {
  frame: HTMLIFrameElement;
  /** Height of the frame (`FRAME_HEIGHTS` of a status). */
  setHeight(height: string): void;
  /** Collapse (true), expand (false) or toggle (no argument) the frame. */
  collapse(collapsed?: boolean): void;
  isCollapsed(): boolean;
  /** Outline an element while picking (null hides the outline). */
  pick(target: Element | null): void;
  /** Outline the element the builder highlights (null hides the outline). */
  mark(target: Element | null): void;
  /** Put the outlines back over their elements (after a scroll or resize). */
  follow(): void;
  remove(): void;
}

function place(box: HTMLElement, target: Element | null): void {
  if (!target?.isConnected) {
    box.style.display = 'none';
    return;
  }
  const r = target.getBoundingClientRect();
  box.style.cssText = `display:block;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px`;
}

/**
 * While the builder is up the widget's own launcher and frame step aside (its corner is where the builder frame and its
 * handle are; the admin builds, no visitor reports). A document-level constructed sheet: it also covers a launcher
 * mounted later, and needs no style element under a strict CSP. Returns the function that brings the widget back.
 */
function hideWidget(): () => void {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('voltline-widget{display:none!important}');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    return () => {
      document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== sheet);
    };
  } catch {
    return () => {};
  }
}

export function createView(src: string, title: string): BuilderView {
  const T = core.localize(BUILDER_TEXTS);
  const root = builderHost(css);
  const showWidget = hideWidget();
  const frame = el('iframe', { src, title, scrolling: 'no', allow: 'autoplay; encrypted-media; fullscreen' });
  const box = el('div', { class: 'frame' }, frame);
  const handle = el('button', { type: 'button', class: 'handle', 'aria-expanded': 'true' });
  handle.innerHTML = ARROW;
  const pickBox = el('div', { class: 'box pick' });
  const markBox = el('div', { class: 'box mark' });
  const wrap = el('div', {}, box, handle, pickBox, markBox);
  root.append(wrap);
  let picked: Element | null = null;
  let marked: Element | null = null;

  const view: BuilderView = {
    frame,
    setHeight: (height) => {
      box.style.height = height;
    },
    collapse: (collapsed = !view.isCollapsed()) => {
      wrap.classList.toggle('collapsed', collapsed);
      handle.setAttribute('aria-expanded', String(!collapsed));
      handle.setAttribute('aria-label', collapsed ? T.showBuilder : T.hideBuilder);
    },
    isCollapsed: () => wrap.classList.contains('collapsed'),
    pick: (target) => {
      picked = target;
      place(pickBox, target);
    },
    mark: (target) => {
      marked = target;
      place(markBox, target);
    },
    follow: () => {
      place(pickBox, picked);
      place(markBox, marked);
    },
    remove: () => {
      root.host.remove();
      showWidget();
    },
  };
  view.collapse(false);
  handle.addEventListener('click', () => view.collapse());
  return view;
}
