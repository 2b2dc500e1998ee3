import { core } from '../engage/core';
import { ELEMENT_POLL_MS, ELEMENT_WAIT_MS } from './constants';

/**
 * Finding a step's element, shared by both tour modes (product tours in `tours.ts`, co-browse tours in `cobrowse.ts`),
 * so that the two chunks wait for late content and SPA route changes the same way.
 */

/** The step's element when it is on the page and rendered; a selector that throws counts as missing (and is logged). */
export function findElement(selector: unknown): Element | null {
  if (typeof selector !== 'string' || !selector.trim()) return null;
  try {
    const found = document.querySelector(selector);
    return found && found.getClientRects().length > 0 ? found : null;
  } catch {
    core.addLog?.(`Voltline widget: tour step selector ${selector} is not valid`, 'WARNING');
    return null;
  }
}

/**
 * Look for the element every `ELEMENT_POLL_MS` for up to `ELEMENT_WAIT_MS` (late content, SPA route changes); null
 * when it never came, at once for a step without a selector, or when `current()` turns false (the step changed).
 * `missing` runs when the first look failed.
 */
export function waitForElement(
  selector: unknown,
  current: () => boolean,
  missing?: () => void,
): Promise<Element | null> {
  return new Promise((resolve) => {
    let waited = 0;
    const look = () => {
      if (!current()) return resolve(null);
      const found = findElement(selector);
      if (found || waited >= ELEMENT_WAIT_MS || typeof selector !== 'string' || !selector.trim()) return resolve(found);
      if (waited === 0) missing?.();
      waited += ELEMENT_POLL_MS;
      setTimeout(look, ELEMENT_POLL_MS);
    };
    look();
  });
}
