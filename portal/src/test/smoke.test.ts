import { expect, test } from 'vitest';

test('the test environment provides IndexedDB and a DOM', () => {
  expect(typeof indexedDB.open).toBe('function');
  expect(document.createElement('div').tagName).toBe('DIV');
});
