import { STAGE_PADDING } from './constants';
import { inViewport } from './geometry';

/**
 * Scroll a step's element into view, and out from under a fixed or sticky header that covers its top edge; shared by
 * both tour modes. `host` (the tour's own surface) is hidden while the element under the edge is looked up.
 */
export function reveal(t: Element, host: HTMLElement): void {
  const r = t.getBoundingClientRect();
  // outside the viewport: to the centre; inside it but maybe clipped by a scroll container: the least scrolling that
  // shows it (a no-op when it is visible)
  t.scrollIntoView?.(
    inViewport(r, innerWidth, innerHeight) ? { block: 'nearest' } : { block: 'center', inline: 'nearest' },
  );
  const now = t.getBoundingClientRect();
  host.style.visibility = 'hidden';
  const hit = document.elementFromPoint?.(now.left + now.width / 2, Math.max(0, now.top + 1));
  host.style.visibility = '';
  if (!hit || t.contains(hit) || hit.contains(t)) return;
  for (let n: Element | null = hit; n; n = n.parentElement) {
    const pos = getComputedStyle(n).position;
    if (pos !== 'fixed' && pos !== 'sticky') continue;
    const by = n.getBoundingClientRect().bottom - now.top + 2 * STAGE_PADDING;
    scrollerOf(t).scrollBy(0, -by);
    return;
  }
}

/** The nearest ancestor that scrolls vertically, else the window. */
function scrollerOf(t: Element): { scrollBy(x: number, y: number): void } {
  for (let n = t.parentElement; n && n !== document.body && n !== document.documentElement; n = n.parentElement) {
    const o = getComputedStyle(n).overflowY;
    if ((o === 'auto' || o === 'scroll') && n.scrollHeight > n.clientHeight) return n;
  }
  return window;
}
