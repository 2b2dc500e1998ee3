import { expect, test } from 'vitest';
import { pushBounded } from './ring-buffer';

test('a bounded list keeps the latest entries in order', () => {
  const list: number[] = [];
  for (let i = 0; i < 7; i += 1) pushBounded(list, i, 3);
  expect(list).toEqual([4, 5, 6]);
});

test('a lowered bound drops every entry beyond it on the next push', () => {
  const list = [1, 2, 3, 4, 5];
  pushBounded(list, 6, 2);
  expect(list).toEqual([5, 6]);
});

test('a bound of 0 keeps nothing', () => {
  const list: number[] = [];
  pushBounded(list, 1, 0);
  expect(list).toEqual([]);
});
