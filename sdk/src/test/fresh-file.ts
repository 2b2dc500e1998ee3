/**
 * Every widget test file starts as in a fresh worker, although the files share their worker's jsdom (`isolate: false`,
 * decision 0119, Session 25). Vitest runs this setup file again before each file; it undoes what the files before left,
 * whether or not they cleaned up after themselves:
 * - the widget's modules: `vi.resetModules()` and the module mocks of the file before, so every import is evaluated
 *   again (the `Gleap` singleton, the capture state, the frame's stylesheet, the translations, ...);
 * - what lives outside the modules, where an old module instance could still act: timers, animation frames, listeners
 *   on the window and the document, mutation observers (all cancelled), globals and in-place patches of `console`,
 *   `fetch`, `XMLHttpRequest`, `WebSocket`, `history`, `navigator`, the DOM prototypes (put back as the first file
 *   found them), the document (children, attributes, adopted sheets, URL), storage, cookies and IndexedDB (emptied),
 *   fake timers, spies and stubbed globals.
 * It must stay the first entry of `setupFiles`, so that `setup.ts` imports fresh modules.
 */
import { IDBFactory } from 'fake-indexeddb';
import 'fake-indexeddb/auto';
import { expect, vi } from 'vitest';

type Snapshot = {
  target: object;
  descriptors: Map<PropertyKey, PropertyDescriptor>;
  values: Map<PropertyKey, unknown>;
};
type Worker = {
  snapshots: Snapshot[];
  url: string;
  /** Undo functions of what a file registered on long-lived targets (timers, listeners, observers). */
  pending: Set<() => void>;
};

const KEY = Symbol.for('voltline.widget.fresh-file');
const g = globalThis as unknown as Record<PropertyKey, unknown>;
/** A few files run in Node's environment (`@vitest-environment node`): their workers have no document to reset. */
const dom = typeof document !== 'undefined';

/** Own properties of the objects the widget or its tests patch in place, as the first file of the worker found them. */
function patchedInPlace(): object[] {
  if (!dom) return [globalThis, console];
  return [
    globalThis,
    console,
    document,
    history,
    navigator,
    location,
    History.prototype,
    Navigator.prototype,
    XMLHttpRequest.prototype,
    EventTarget.prototype,
    Node.prototype,
    Element.prototype,
    HTMLElement.prototype,
    HTMLIFrameElement.prototype,
    HTMLMediaElement.prototype,
    HTMLCanvasElement.prototype,
    Document.prototype,
  ];
}

function snapshot(target: object): Snapshot {
  const descriptors = new Map<PropertyKey, PropertyDescriptor>();
  const values = new Map<PropertyKey, unknown>();
  for (const key of Reflect.ownKeys(target)) {
    const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
    if (!descriptor) continue;
    descriptors.set(key, descriptor);
    // jsdom's globals are accessors whose setter keeps an override (`window.fetch = ...` leaves the descriptor as it
    // was): keep the value too, when two reads agree on it.
    if (descriptor.get && target === globalThis) {
      try {
        const value = Reflect.get(target, key);
        if (Object.is(value, Reflect.get(target, key))) values.set(key, value);
      } catch {
        // a getter that throws is left alone
      }
    }
  }
  return { target, descriptors, values };
}

const name = (target: object) => (target === globalThis ? 'globalThis' : target.constructor.name);

function sameDescriptor(a: PropertyDescriptor, b: PropertyDescriptor): boolean {
  return a.get === b.get && a.set === b.set && Object.is(a.value, b.value) && a.writable === b.writable;
}

function restore({ target, descriptors, values }: Snapshot): void {
  for (const key of Reflect.ownKeys(target)) {
    if (descriptors.has(key)) continue;
    // Vitest's own keys (`__vitest_worker__`, ...) are there before the first file; one it adds later stays.
    if (typeof key === 'string' && key.startsWith('__vitest')) continue;
    // jsdom keeps caches under symbols of its own on the document and the prototypes; a global symbol is MSW's
    // interceptors' "already applied" mark, which must go.
    if (typeof key === 'symbol' && target !== globalThis) continue;
    if (process.env.FRESH_FILE_DEBUG) console.info('fresh-file: deleted', String(key), 'from', name(target));
    Reflect.deleteProperty(target, key);
  }
  for (const [key, descriptor] of descriptors) {
    // Vitest's worker state is a new object for each file.
    if (typeof key === 'string' && key.startsWith('__vitest')) continue;
    const now = Reflect.getOwnPropertyDescriptor(target, key);
    if (now && sameDescriptor(now, descriptor)) continue;
    if (process.env.FRESH_FILE_DEBUG) console.info('fresh-file: restored', String(key), 'of', name(target));
    Reflect.defineProperty(target, key, descriptor);
  }
  // A getter's value that changes by itself (`length`, the frames in the document) is a number: only an object or a
  // function put in place of the first value is an override to undo.
  for (const [key, value] of values) {
    if (typeof key === 'string' && key.startsWith('__vitest')) continue;
    const now = Reflect.get(target, key);
    if (!Object.is(now, value) && ((typeof now === 'object' && now) || typeof now === 'function'))
      Reflect.set(target, key, value);
  }
}

/** Wrap the functions that register something on a long-lived target, so that the next file can undo it. */
function track(pending: Set<() => void>): void {
  const timer = <A extends unknown[], R>(set: (...a: A) => R, clear: (id: R) => void, once: boolean) =>
    function tracked(this: unknown, handler: unknown, ...rest: unknown[]) {
      let undo: () => void = () => {};
      const run =
        typeof handler === 'function' && once
          ? function (this: unknown, ...args: unknown[]) {
              pending.delete(undo);
              return (handler as (...a: unknown[]) => unknown).apply(this, args);
            }
          : handler;
      const id = set.apply(this, [run, ...rest] as unknown as A);
      undo = () => clear(id);
      pending.add(undo);
      return id;
    };
  const setTimeoutReal = globalThis.setTimeout;
  const clearTimeoutReal = globalThis.clearTimeout;
  g.setTimeout = timer(setTimeoutReal, clearTimeoutReal, true);
  g.setInterval = timer(globalThis.setInterval, globalThis.clearInterval, false);
  if (!dom) return;
  g.requestAnimationFrame = timer(globalThis.requestAnimationFrame, globalThis.cancelAnimationFrame, true);

  // `window.addEventListener` is jsdom's, bound to jsdom's window (not `globalThis`).
  const win = (g.jsdom as { window: object }).window;
  const longLived = (target: unknown) =>
    target === win ||
    target === globalThis ||
    target === document ||
    target === document.documentElement ||
    target === document.head ||
    target === document.body;
  const add = EventTarget.prototype.addEventListener;
  EventTarget.prototype.addEventListener = function (this: EventTarget, type, listener, options) {
    if (longLived(this) && listener) pending.add(() => this.removeEventListener(type, listener, options));
    return add.call(this, type, listener, options);
  };
  // The global `addEventListener` is bound to jsdom's window before this runs, so it bypasses the prototype's.
  const addToWindow = globalThis.addEventListener;
  g.addEventListener = function (this: unknown, ...args: Parameters<typeof addToWindow>) {
    const [type, listener, options] = args;
    if (listener) pending.add(() => removeEventListener(type, listener, options));
    return addToWindow(...args);
  };
  const observe = MutationObserver.prototype.observe;
  MutationObserver.prototype.observe = function (this: MutationObserver, node, options) {
    pending.add(() => this.disconnect());
    return observe.call(this, node, options);
  };
}

function firstFile(): Worker {
  const worker: Worker = { snapshots: [], url: dom ? location.href : '', pending: new Set() };
  track(worker.pending);
  Object.defineProperty(globalThis, KEY, { value: worker });
  worker.snapshots = patchedInPlace().map(snapshot);
  return worker;
}

function freshDocument(url: string): void {
  const html = document.documentElement;
  for (const element of [html, document.head, document.body])
    for (const name of element.getAttributeNames()) element.removeAttribute(name);
  document.head.replaceChildren();
  document.body.replaceChildren();
  html.replaceChildren(document.head, document.body);
  for (const node of [...document.childNodes]) if (node !== html && node !== document.doctype) node.remove();
  getSelection()?.removeAllRanges();
  if (location.href !== url) history.replaceState(null, '', url);
}

function freshStorage(): void {
  localStorage.clear();
  sessionStorage.clear();
  (g.jsdom as { cookieJar: { removeAllCookiesSync(): void } }).cookieJar.removeAllCookiesSync();
  g.indexedDB = new IDBFactory();
}

const existing = g[KEY] as Worker | undefined;
// FRESH_FILE_DEBUG=1: which files meet in which worker, and what each file left behind.
if (process.env.FRESH_FILE_DEBUG) {
  const heap = Math.round(process.memoryUsage().heapUsed / 1e6);
  console.info('fresh-file: worker', process.pid, 'file', expect.getState().testPath, 'heap MB', heap);
}
if (existing) {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  for (const undo of existing.pending) undo();
  existing.pending.clear();
  for (const s of existing.snapshots) restore(s);
  if (dom) {
    freshDocument(existing.url);
    freshStorage();
  }
  // The module mocks (`vi.mock`) of the file before, then every module: evaluated again when imported.
  (g.__vitest_mocker__ as { reset(): void } | undefined)?.reset();
  vi.resetModules();
} else {
  firstFile();
}
