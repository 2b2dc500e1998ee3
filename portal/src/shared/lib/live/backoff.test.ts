import { expect, test } from 'vitest';
import { backoffDelay, DEFAULT_BACKOFF } from './backoff';

const middle = () => 0.5;

test('the delay doubles with each attempt', () => {
  expect([1, 2, 3, 4].map((n) => backoffDelay(n, DEFAULT_BACKOFF, middle))).toEqual([500, 1000, 2000, 4000]);
});

test('the delay never exceeds the maximum', () => {
  expect(backoffDelay(40, DEFAULT_BACKOFF, middle)).toBe(30_000);
});

test('jitter spreads the delay within its fraction', () => {
  expect(backoffDelay(1, DEFAULT_BACKOFF, () => 0)).toBe(400);
  expect(backoffDelay(1, DEFAULT_BACKOFF, () => 1)).toBe(600);
});
