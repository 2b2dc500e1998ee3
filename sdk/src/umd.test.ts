import { afterEach, expect, test, vi } from 'vitest';

afterEach(() => {
  delete (window as { GleapActions?: unknown }).GleapActions;
  vi.resetModules();
});

test('loading the UMD entry replays the snippet queue', async () => {
  (window as { GleapActions?: unknown }).GleapActions = [
    { e: 'setEnvironment', a: ['staging'] },
    { e: 'setTags', a: [['from-snippet']] },
  ];
  await import('./umd');
  const { settings } = await import('./core/state');
  expect(settings.environment).toBe('staging');
  expect(settings.tags).toEqual(['from-snippet']);
});
