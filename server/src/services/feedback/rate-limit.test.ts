import { expect, test } from 'vitest';
import { AppError } from '../lib/app-error';
import { createWindowLimiter, limitRate } from './rate-limit';

test('a bucket takes its limit per window, then answers the seconds left; a new window starts afresh', () => {
  const limiter = createWindowLimiter();
  const rule = { limit: 3, windowMs: 60_000 };
  expect([0, 1, 2].map(() => limiter.take('s', rule, 1_000))).toEqual([undefined, undefined, undefined]);
  expect(limiter.take('s', rule, 1_000)).toBe(60);
  expect(limiter.take('s', rule, 45_500)).toBe(16);
  expect(limiter.take('other', rule, 45_500)).toBeUndefined();
  expect(limiter.take('s', rule, 61_000)).toBeUndefined();
});

test('limitRate: the first bucket over its rule is 429 with Retry-After; a refused session spends none of its key', () => {
  const limiter = createWindowLimiter();
  const perSession = { limit: 2, windowMs: 60_000 };
  const perKey = { limit: 3, windowMs: 60_000 };
  const at = new Date(0);
  const call = (session: string) =>
    limitRate(
      limiter,
      [
        [`session:${session}`, perSession],
        ['key', perKey],
      ],
      at,
    );
  call('a');
  call('a');
  let refused: unknown;
  try {
    call('a');
  } catch (error) {
    refused = error;
  }
  expect(refused).toBeInstanceOf(AppError);
  expect((refused as AppError).status).toBe(429);
  expect((refused as AppError).retryAfterSeconds).toBe(60);
  // the key has had 2 calls: one more session call fits, the next is over the key's ceiling
  call('b');
  expect(() => call('c')).toThrow(AppError);
});
