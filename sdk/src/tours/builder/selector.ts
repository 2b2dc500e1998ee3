/**
 * A unique, stable CSS selector for a picked element, the one a tour step or tooltip stores. Stable means it survives
 * what changes between visits: classes (CSS modules, state classes) and generated ids never go in; an id or a data
 * attribute the site chose does, and only where neither exists, a `tag:nth-of-type(n)` path up to the nearest element
 * that has one (or `body`). The result is checked against the document: it matches that element and nothing else.
 */

/** Attributes sites set for tests and tools, the most stable names first; other data attributes come after them. */
const TEST_ATTRIBUTES = ['data-testid', 'data-test-id', 'data-test', 'data-cy', 'data-qa'];
/** Data attributes that carry state or are written by frameworks and by the widget: never part of a selector. */
const VOLATILE_DATA =
  /^data-(v-|react|state|active|selected|open|highlighted|focus|hover|pressed|disabled|checked|expanded|index|orientation|side|align|gleap|gl-)/;
/** Values that look generated: React's `:r1:` and `«r1»`, long digit runs, hashes and UUIDs, widget-library prefixes. */
const GENERATED = /^[:«]|\d{4,}|^[\da-f-]{12,}$|^(ember|ext-gen|ui-id-|mui-|radix-|headlessui-)/i;
const FORM_TAGS = ['input', 'select', 'textarea', 'button', 'form'];

/** A CSS string literal. */
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;

const stable = (value: string | null): value is string => !!value && value.length <= 80 && !GENERATED.test(value);

/** Whether `selector` is valid and matches `el` and nothing else in the document. */
export function isUnique(selector: string, el: Element): boolean {
  try {
    const found = document.querySelectorAll(selector);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
}

/** What names `el` by itself, in order of preference (not yet checked for uniqueness). */
export function ownCandidates(el: Element): string[] {
  const tag = el.localName;
  const out: string[] = [];
  const id = el.getAttribute('id');
  if (stable(id)) out.push(/^[a-z_][\w-]*$/i.test(id) ? `#${id}` : `[id=${quote(id)}]`);
  const rank = (name: string) => {
    const i = TEST_ATTRIBUTES.indexOf(name);
    return i < 0 ? TEST_ATTRIBUTES.length : i;
  };
  const data = [...el.attributes]
    .filter((a) => /^data-[\w-]+$/.test(a.name) && !VOLATILE_DATA.test(a.name))
    .sort((a, b) => rank(a.name) - rank(b.name));
  for (const { name, value } of data) {
    if (!value) out.push(`${tag}[${name}]`);
    else if (stable(value)) out.push(`[${name}=${quote(value)}]`, `${tag}[${name}=${quote(value)}]`);
  }
  const name = el.getAttribute('name');
  if (FORM_TAGS.includes(tag) && stable(name)) out.push(`${tag}[name=${quote(name)}]`);
  return out;
}

/** `tag`, or `tag:nth-of-type(n)` when the parent has more than one child of that tag. */
function step(el: Element): string {
  const tag = el.localName;
  const same = el.parentElement ? [...el.parentElement.children].filter((c) => c.localName === tag) : [el];
  return same.length > 1 ? `${tag}:nth-of-type(${same.indexOf(el) + 1})` : tag;
}

/**
 * The element a selector can reach from the document: an element inside a shadow root is represented by its outermost
 * host (document.querySelector does not enter shadow roots), a part of an SVG drawing by the drawing.
 */
export function reachable(target: Element): Element {
  let el = target;
  for (let root = el.getRootNode(); typeof ShadowRoot !== 'undefined' && root instanceof ShadowRoot; ) {
    el = root.host;
    root = el.getRootNode();
  }
  while (typeof SVGElement !== 'undefined' && el instanceof SVGElement && el.ownerSVGElement) el = el.ownerSVGElement;
  return el;
}

/** A unique, stable selector of `target` (see the file comment), or null when the element is not in this document. */
export function uniqueSelector(target: Element): string | null {
  const el = reachable(target);
  if (!el.isConnected || el.ownerDocument !== document) return null;
  const steps: string[] = [];
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) {
      steps.unshift(node.localName);
      break;
    }
    const own = ownCandidates(node).find((s) => isUnique(s, node as Element));
    if (own) {
      steps.unshift(own);
      break;
    }
    steps.unshift(step(node));
  }
  const selector = steps.join(' > ');
  return isUnique(selector, el) ? selector : null;
}
