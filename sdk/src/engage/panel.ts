import type { EngageCore } from '../core/engage-port';

/**
 * What the widget's own lazy panels (`image-viewer.ts`, `offline-form.ts`) share: the core handed over by
 * `core/engage-port.ts`, and a DOM helper. They live in the widget's shadow root (the core adds their stylesheets) and
 * import nothing of the surfaces' modules (`core.ts`, `shadow.ts`): a module shared with them would split the
 * surfaces' shared chunk in two and cost each surface its budget bytes.
 */
export const core = {} as EngageCore;

export function use(given: EngageCore): void {
  Object.assign(core, given);
}

/** An element with properties (`className`, `id`, `type`, ...), attributes (`attrs`) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...children);
  return node;
}

/**
 * Remember where focus is as a panel opens; the returned function, called once the panel is gone, gives focus back
 * there when the panel took it away (focus is lost, on the page's body) and the element is still in the page.
 */
export function returnFocus(): () => void {
  let was = document.activeElement as HTMLElement | null;
  while (was?.shadowRoot?.activeElement) was = was.shadowRoot.activeElement as HTMLElement;
  return () => {
    const now = document.activeElement;
    if ((!now || now === document.body) && was?.isConnected) was.focus({ preventScroll: true });
  };
}
