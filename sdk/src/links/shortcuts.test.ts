import { expect, test, vi } from 'vitest';
import { listenForShortcuts } from './shortcuts';

test('Ctrl+U starts bug reporting only when shortcuts are on', () => {
  let on = false;
  const start = vi.fn();
  const stop = listenForShortcuts(() => on, start);
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', ctrlKey: true }));
  expect(start).not.toHaveBeenCalled();
  on = true;
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'u', ctrlKey: true }));
  document.dispatchEvent(new KeyboardEvent('keydown', { key: 'u' }));
  expect(start).toHaveBeenCalledOnce();
  stop();
});
