import { beforeEach, expect, test } from 'vitest';
import { clearCustomEvents, getCustomEvents, takePendingEvents, trackEvent } from './custom-events';

beforeEach(() => clearCustomEvents());

test('trackEvent records name, date and data', () => {
  trackEvent('signup', { plan: 'pro' });
  expect(getCustomEvents()[0]).toEqual({ name: 'signup', date: expect.any(String), data: { plan: 'pro' } });
});

test('the event log keeps the latest 500 events', () => {
  for (let i = 0; i < 501; i += 1) trackEvent(`e${i}`);
  expect(getCustomEvents()).toHaveLength(500);
  expect(getCustomEvents()[0]!.name).toBe('e1');
});

test('events wait for the next ping and leave the queue when taken', () => {
  trackEvent('a');
  expect(takePendingEvents().map((e) => e.name)).toEqual(['a']);
  expect(takePendingEvents()).toEqual([]);
  expect(getCustomEvents()).toHaveLength(1);
});
