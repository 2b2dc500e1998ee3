// @vitest-environment node
import { expect, test } from 'vitest';

test('importing the widget on the server is safe and initialize is a no-op', async () => {
  expect(typeof window).toBe('undefined');
  const { Gleap } = await import('./index');
  expect(() => Gleap.initialize('key')).not.toThrow();
  expect(() => Gleap.open()).not.toThrow();
  expect(Gleap.isOpened()).toBe(false);
});
