import { expect, vi } from 'vitest';
import { bump } from './counter';
import { real } from './mocked';

type Leftovers = { heard?: string[]; ticks?: number; leakedGlobal?: string };
const g = globalThis as typeof globalThis & Leftovers;
const EVENTS = ['probe-1', 'probe-2', 'probe-3'];

/**
 * What a file finds when it starts in a worker where other files ran (decision 0119, Session 25): the three
 * `probe-*.test.ts` files each check it, then leave every kind of state behind, so that whichever of them runs after
 * another in the same worker fails if `fresh-file.ts` misses one. With two workers, two of the three always share one.
 */
export async function expectFreshWorker(mocked: boolean): Promise<void> {
  expect.soft(bump(), 'module state').toBe(1);
  expect.soft(real, 'module mock').toBe(!mocked);
  expect.soft(vi.isFakeTimers(), 'fake timers').toBe(false);
  expect.soft(document.head.children.length + document.body.children.length, 'DOM nodes').toBe(0);
  expect.soft(document.documentElement.getAttributeNames(), 'attributes on <html>').toEqual([]);
  expect.soft(location.pathname, 'URL').toBe('/');
  expect.soft(localStorage.length + sessionStorage.length, 'storage').toBe(0);
  expect.soft(document.cookie, 'cookies').toBe('');
  expect.soft(await indexedDB.databases(), 'IndexedDB').toEqual([]);
  expect.soft(Object.hasOwn(console.log, 'leak'), 'console patch').toBe(false);
  expect.soft(g.leakedGlobal, 'global').toBeUndefined();
  for (const type of EVENTS) {
    window.dispatchEvent(new Event(type));
    document.dispatchEvent(new Event(type));
  }
  await new Promise((r) => setTimeout(r, 30));
  expect.soft(g.heard, 'listeners on window and document').toBeUndefined();
  expect.soft(g.ticks, 'interval').toBeUndefined();
}

export async function leaveEverythingBehind(name: string): Promise<void> {
  document.head.append(Object.assign(document.createElement('style'), { textContent: `/* ${name} */` }));
  document.body.append(Object.assign(document.createElement('div'), { id: name }));
  document.documentElement.setAttribute('data-left-by', name);
  history.pushState(null, '', `/${name}`);
  localStorage.setItem('left-by', name);
  sessionStorage.setItem('left-by', name);
  // biome-ignore lint/suspicious/noDocumentCookie: the probe leaves a cookie on purpose
  document.cookie = `left-by=${name}; path=/`;
  await new Promise((resolve) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result.close());
  });
  const log = console.log;
  console.log = Object.assign((...args: unknown[]) => log(...args), { leak: name });
  g.leakedGlobal = name;
  const hear = () => {
    g.heard = [...(g.heard ?? []), name];
  };
  for (const type of EVENTS) {
    window.addEventListener(type, hear);
    document.addEventListener(type, hear);
  }
  setInterval(() => {
    g.ticks = (g.ticks ?? 0) + 1;
  }, 5);
  vi.useFakeTimers();
}
