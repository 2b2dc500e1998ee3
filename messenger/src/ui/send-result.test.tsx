import { expect, test } from 'vitest';
import { isQueued } from './send-result';

test('only {queued: true} is a report kept for later; any other answer of the server is a sent report', () => {
  expect(isQueued({ queued: true })).toBe(true);
  for (const answer of [{}, { id: 'r1' }, { queued: 'yes' }, null, undefined, 'queued', true]) {
    expect(isQueued(answer)).toBe(false);
  }
});
