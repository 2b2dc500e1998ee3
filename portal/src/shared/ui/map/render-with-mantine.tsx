import { MantineProvider } from '@mantine/core';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach } from 'vitest';

// Vitest runs without globals here, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/**
 * Renders inside Mantine for component tests of the map building blocks. jsdom lacks matchMedia, which Mantine's
 * colour-scheme manager reads; a test-only stand-in answers "no match".
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
  return render(<MantineProvider>{ui}</MantineProvider>);
}
