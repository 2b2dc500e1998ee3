import { afterEach, expect, test, vi } from 'vitest';
import { drainSnippetQueue } from './snippet-queue';

afterEach(() => {
  delete (window as { GleapActions?: unknown }).GleapActions;
});

test('calls queued in window.GleapActions run in order against the API', () => {
  const calls: string[] = [];
  const api = { setTags: vi.fn(() => calls.push('tags')), trackEvent: vi.fn(() => calls.push('event')) };
  (window as { GleapActions?: unknown }).GleapActions = [
    { e: 'setTags', a: [['a']] },
    { e: 'trackEvent', a: ['x', { y: 1 }] },
    { e: 'doesNotExist', a: [] },
  ];
  expect(drainSnippetQueue(api)).toBe(3);
  expect(calls).toEqual(['tags', 'event']);
  expect(api.trackEvent).toHaveBeenCalledWith('x', { y: 1 });
});

test('calls pushed after the script loaded run at once', () => {
  const api = { open: vi.fn() };
  drainSnippetQueue(api);
  (window as unknown as { GleapActions: { push(c: unknown): void } }).GleapActions.push({ e: 'open' });
  expect(api.open).toHaveBeenCalledOnce();
});
