import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { resetDemoWorld } from '@/mocks/demo-control';
import { server } from '@/mocks/node';

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
