/**
 * The element picker: while it runs, the element under the mouse (or the focused one, for keyboard users) is outlined,
 * and a click (or Enter) picks it instead of reaching the page. Escape leaves the picker. Clicks on the widget's own
 * UI (`[data-gleap]` hosts: the builder's frame and handle, the launcher) go through untouched.
 */

export interface PickerOptions {
  /** Outline this element (null: nothing to outline). */
  hover(target: Element | null): void;
  pick(target: Element): void;
  escape(): void;
  /** While true, clicks are the builder's own (`click` message) and are not picks. */
  passThrough?(): boolean;
}

const ours = (target: EventTarget | null): target is Element =>
  target instanceof Element && !target.closest('[data-gleap]');

/** Start picking; returns the function that stops it. */
export function startPicker(opts: PickerOptions): () => void {
  const onMove = (ev: Event) => opts.hover(ours(ev.target) ? ev.target : null);
  // presses and clicks on the page are picks, never the page's own actions (links, buttons, menus on mousedown)
  const swallow = (ev: Event) => {
    if (opts.passThrough?.() || !ours(ev.target)) return;
    ev.preventDefault();
    ev.stopImmediatePropagation();
    if (ev.type === 'click') opts.pick(ev.target);
  };
  const onKey = (ev: KeyboardEvent) => {
    const focused = document.activeElement;
    if (ev.key === 'Escape') {
      ev.preventDefault();
      opts.escape();
    } else if (ev.key === 'Enter' && ours(focused) && focused !== document.body) {
      ev.preventDefault();
      ev.stopImmediatePropagation();
      opts.pick(focused);
    }
  };
  const PRESS = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'click'];
  const listen = (add: boolean) => {
    const method = add ? 'addEventListener' : 'removeEventListener';
    window[method]('mouseover', onMove, true);
    window[method]('focusin', onMove, true);
    window[method]('keydown', onKey as EventListener, true);
    for (const type of PRESS) window[method](type, swallow, true);
  };
  listen(true);
  return () => {
    listen(false);
    opts.hover(null);
  };
}
