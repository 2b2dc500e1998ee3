import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/**
 * Renders inside Mantine for component tests of the map building blocks. jsdom lacks matchMedia, which Mantine's
 * colour-scheme manager reads, and ResizeObserver; test-only stand-ins answer "no match" and observe nothing.
 */
export function renderWithMantine(ui: ReactElement) {
  if (typeof window.matchMedia !== 'function') {
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
  if (typeof window.ResizeObserver !== 'function') {
    // SegmentedControl measures its items; jsdom has no layout, so a silent observer is enough.
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  return render(<MantineProvider>{ui}</MantineProvider>);
}
