import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';

/** Renders inside Mantine for component tests of the map building blocks (jsdom shims: src/test/setup.ts). */
export function renderWithMantine(ui: ReactElement) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}
