import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppErrorBoundary } from './app-error-boundary';
import { ERROR_SCREEN_LINES } from './error-screen';

function Broken(): never {
  throw new Error('boom');
}

test('a render error anywhere shows the full-page screen with its three exact lines', () => {
  const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(
    <AppErrorBoundary>
      <Broken />
    </AppErrorBoundary>,
  );
  expect(ERROR_SCREEN_LINES).toEqual([
    'Oops! Something went wrong.',
    "We're sorry, but it seems like we've encountered an unexpected error.",
    'Please refresh the page or come back later.',
  ]);
  for (const line of ERROR_SCREEN_LINES) expect(screen.getByText(line)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
  spy.mockRestore();
});

test('children render untouched when nothing fails', () => {
  renderWithProviders(
    <AppErrorBoundary>
      <p>All good</p>
    </AppErrorBoundary>,
  );
  expect(screen.getByText('All good')).toBeInTheDocument();
  expect(screen.queryByText(ERROR_SCREEN_LINES[0])).not.toBeInTheDocument();
});
