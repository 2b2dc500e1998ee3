import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { LiveProvider } from './live-context';
import { createLiveController, type LiveController } from './live-controller';
import { useLiveConnection } from './use-live-connection';

let controller: LiveController;

afterEach(() => {
  cleanup();
  controller.dispose();
});

function Badge() {
  const { state, lastError } = useLiveConnection();
  return (
    <output aria-label="Live connection">
      {state}
      {lastError ? `: ${lastError}` : ''}
    </output>
  );
}

test('the badge shows idle before any connection', () => {
  controller = createLiveController({ sink: () => {} });
  render(
    <LiveProvider controller={controller}>
      <Badge />
    </LiveProvider>,
  );
  expect(screen.getByRole('status', { name: 'Live connection' })).toHaveTextContent('idle');
});

test('the badge follows the controller to offline with the reason when the broker URL is unusable', () => {
  controller = createLiveController({ sink: () => {} });
  render(
    <LiveProvider controller={controller}>
      <Badge />
    </LiveProvider>,
  );
  act(() => controller.connect({ url: 'gopher://broker.example' }));
  expect(screen.getByRole('status', { name: 'Live connection' })).toHaveTextContent(/^offline: .+/);
});

test('using the hook outside the provider is a clear error', () => {
  controller = createLiveController({ sink: () => {} });
  expect(() => render(<Badge />)).toThrow(/inside <LiveProvider>/);
});
