export { use } from './panel';

/**
 * The top layer (issue 36 item 10), a lazy chunk the core loads once a host page's `<dialog>` opens
 * (`core/engage-port.ts`). A modal dialog (`showModal()`) sits in the browser's top layer and makes everything outside
 * it inert: not clickable, not focusable. So while one is open, the widget's hosts (`SURFACES`) move into it (with
 * `moveBefore`, which keeps the messenger's iframe loaded and focus where it is) and show as manual popovers, which puts
 * them in the top layer above the dialog; when it closes they go back to `<body>` and leave the top layer. Nothing here
 * moves focus: the dialog keeps it until the visitor goes to the widget.
 */

/** The hosts that show above a modal dialog: the widget's own (button, messenger, panels), notifications, tours. */
export const SURFACES = 'voltline-widget,voltline-notifications,voltline-tour';

/** How a host sits in the top layer: where it was (fixed, no box of its own), not where a popover sits by default. */
const ON_TOP: Partial<CSSStyleDeclaration> = {
  position: 'fixed',
  inset: 'auto',
  margin: '0',
  padding: '0',
  border: '0',
  background: 'none',
  overflow: 'visible',
  width: '0',
  height: '0',
};

/** The dialog each host was last raised above (a host is shown again above a dialog that opened after it). */
const raisedAbove = new WeakMap<Element, Element>();

/** The topmost modal dialog of the page (a nested one comes later in the document), or null. */
function topModal(): Element | null {
  try {
    const all = document.querySelectorAll('dialog:modal');
    return all[all.length - 1] ?? null;
  } catch {
    return null; // no :modal (an old browser): nothing is inert either
  }
}

function move(host: Element, parent: Element): void {
  if (host.parentNode === parent) return;
  const atomic = (parent as Element & { moveBefore?(node: Node, child: Node | null): void }).moveBefore;
  try {
    if (!atomic) throw 0;
    atomic.call(parent, host, null);
  } catch {
    parent.appendChild(host);
  }
}

/** Put every widget host above the topmost modal dialog, or back in `<body>` when none is open. */
export function place(): void {
  const dialog = topModal();
  for (const host of document.querySelectorAll<HTMLElement>(SURFACES)) {
    if (!('showPopover' in host)) return;
    if (dialog) {
      move(host, dialog);
      if (raisedAbove.get(host) === dialog && host.matches(':popover-open')) continue;
      host.popover = 'manual';
      Object.assign(host.style, ON_TOP);
      if (host.matches(':popover-open')) host.hidePopover();
      host.showPopover();
      raisedAbove.set(host, dialog);
    } else {
      move(host, document.body);
      if (!host.hasAttribute('popover')) continue;
      if (host.matches(':popover-open')) host.hidePopover();
      host.removeAttribute('popover');
      for (const key of Object.keys(ON_TOP)) host.style.removeProperty(key);
      raisedAbove.delete(host);
    }
  }
}
