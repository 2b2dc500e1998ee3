import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SectionErrorBoundary } from './section-error-boundary';

function Broken(): never {
  throw new Error('WebGL is not available');
}

test('shows what could not be shown and why, instead of breaking the page', () => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  renderWithProviders(
    <>
      <p>rest of the page</p>
      <SectionErrorBoundary what="The map">
        <Broken />
      </SectionErrorBoundary>
    </>,
  );
  expect(screen.getByText('The map could not be shown')).toBeInTheDocument();
  expect(screen.getByText('WebGL is not available')).toBeInTheDocument();
  expect(screen.getByText('rest of the page')).toBeInTheDocument();
});
