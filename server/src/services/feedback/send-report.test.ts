import { expect, test } from 'vitest';
import { nestsDeeperThan } from './send-report';

test('nestsDeeperThan counts lists and objects, not brackets inside strings or after escaped quotes', () => {
  expect(nestsDeeperThan('{"a":[[1]]}', 3)).toBe(false);
  expect(nestsDeeperThan('{"a":[[[1]]]}', 3)).toBe(true);
  expect(nestsDeeperThan('{"a":"[[[[{{{{"}', 1)).toBe(false);
  expect(nestsDeeperThan('{"a":"\\"[[[[","b":1}', 1)).toBe(false);
  expect(nestsDeeperThan('{"a":"\\\\","b":[[1]]}', 2)).toBe(true);
  expect(nestsDeeperThan(`${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}`, 2_000)).toBe(true);
});
