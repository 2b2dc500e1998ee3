import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { cleanup, configure, getConfig } from '@testing-library/react';
import { toast } from 'sonner';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetDemoWorld } from '@/mocks/demo-control';
import { server } from '@/mocks/node';
import { setAuthTokenGetter, setForbiddenHandler, setUnauthorizedHandler } from '@/shared/api/api-client';

// jsdom lacks a few browser APIs Mantine relies on: matchMedia (colour scheme) and ResizeObserver (measured controls).
// Test-only stand-ins answer "no match" and observe nothing.
if (typeof window !== 'undefined' && typeof window.matchMedia !== 'function') {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// A failed query's error carries a dump of the whole DOM (pretty-printed, then cut to 7,000 characters). A `findBy`
// or `waitFor` that polls builds that error on every attempt and drops it when the next one succeeds: about a tenth of
// the CPU of a page test went into dumps nobody read. While Testing Library polls (it marks those calls by disabling
// its expensive diagnostics), the error keeps its message and skips the dump; when the wait times out, Testing Library
// passes the last message through getElementError again, outside the polling, and that adds the dump as before. A
// query that fails outside a wait dumps the DOM as it always did.
type ElementError = ReturnType<typeof getConfig>['getElementError'];
/** Testing Library's own error builder, kept on itself: this file runs again for every file of a shared worker. */
const wrapped = Symbol.for('voltline.defaultElementError');
const current = getConfig().getElementError as ElementError & { [wrapped]?: ElementError };
const defaultElementError = current[wrapped] ?? current;
/** Testing Library's own flag, set while it polls; its type declarations leave it out. */
const polling = () =>
  (getConfig() as { _disableExpensiveErrorDiagnostics?: boolean })._disableExpensiveErrorDiagnostics;
configure({
  getElementError: Object.assign(
    (message: string | null, container: Element) => {
      if (!polling()) return defaultElementError(message, container);
      const error = new Error(message ?? '');
      error.name = 'TestingLibraryElementError';
      return error;
    },
    { [wrapped]: defaultElementError },
  ),
});

// Every test runs against the demo world's handlers; a request nobody answers is a bug in the test or the code.
// Loopback is the exception: the live tests talk to a real MQTT broker (aedes) that they start on 127.0.0.1.
beforeAll(() =>
  server.listen({
    onUnhandledRequest(request, print) {
      const { hostname } = new URL(request.url);
      if (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '::1') return;
      print.error();
    },
  }),
);
afterEach(async () => {
  server.resetHandlers();
  await resetDemoWorld();
});
afterAll(() => server.close());

// The rendered files share their worker's modules and jsdom (decision 0133). This file runs again before each test
// file is loaded (a module it imports runs once per worker, so hooks registered there would reach only the first
// file): every file starts as it would in a fresh worker, with empty storage and an API client that sends no token
// and ignores 401 and 403 answers. (A file of the plain project may run in Node's environment, without storage.)
globalThis.localStorage?.clear();
globalThis.sessionStorage?.clear();
setAuthTokenGetter(() => null);
setUnauthorizedHandler(() => {});
setForbiddenHandler(() => {});
// Vitest runs without globals, so Testing Library cannot register its own cleanup. Registered after the demo world's
// reset above, so it runs before it (after-hooks run in reverse): what a test rendered is unmounted first.
afterEach(() => {
  cleanup();
  globalThis.sessionStorage?.clear();
  // Sonner keeps every toast in a module-level list and replays the ones not dismissed to the next Toaster that
  // mounts: a toast a test left open (its card closes itself after 5 s) appeared again in every later test of the
  // worker, and each kept the tree that raised it alive (decision 0138).
  toast.getHistory().splice(0);
});
