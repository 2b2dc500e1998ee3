import { expect, test } from 'vitest';
import { documentTitleFor } from './root-layout';

test('the document title is the page title and the product name, or the product name alone', () => {
  expect(documentTitleFor('Vehicle Management')).toBe('Vehicle Management | Voltline');
  expect(documentTitleFor(undefined)).toBe('Voltline');
});
