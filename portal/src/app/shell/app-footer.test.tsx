import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { AppFooter } from './app-footer';

test('the footer shows the copyright with the year of the given date', () => {
  renderWithProviders(<AppFooter now={new Date('2031-03-04T10:00:00Z')} />);
  expect(screen.getByText('© 2031 Voltline. All rights reserved.')).toBeInTheDocument();
});
