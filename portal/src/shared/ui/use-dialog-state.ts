import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * The element that opened a dialog. A dialog opened from a row menu's item is credited to the menu's button (the item
 * is gone once the menu closes), found by the `aria-controls` Mantine sets on a menu's target.
 */
function openerOf(active: Element | null): HTMLElement | null {
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  if (menu?.id) {
    const target = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
    if (target) return target;
  }
  return active;
}

/**
 * `useState` for "which dialog is open" (`null`: none) that gives focus back to the control that opened the dialog when
 * it closes (WCAG 2.4.3). Mantine's modals return focus themselves only while they stay mounted; these dialogs are
 * mounted only while open (lazy chunks), so the page does it.
 */
export function useDialogState<T>(): [T | null, (next: T | null) => void] {
  const [dialog, setDialog] = useState<T | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const set = useCallback((next: T | null) => {
    if (next !== null) {
      opener.current ??= openerOf(document.activeElement);
      setDialog(next);
      return;
    }
    setDialog(null);
    const element = opener.current;
    opener.current = null;
    if (element) {
      // After React has removed the dialog and its focus trap.
      requestAnimationFrame(() => {
        if (element.isConnected) element.focus();
      });
    }
  }, []);
  return [dialog, set];
}

/**
 * For a dialog whose open state lives elsewhere (the URL: `?ticket=`, `?new=1`): when `open` turns true, remembers the
 * control that had focus; when it turns false, gives focus back to it (WCAG 2.4.3).
 */
export function useReturnFocus(open: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open) {
      opener.current ??= openerOf(document.activeElement);
      return;
    }
    const element = opener.current;
    opener.current = null;
    if (element) {
      requestAnimationFrame(() => {
        if (element.isConnected) element.focus();
      });
    }
  }, [open]);
}
