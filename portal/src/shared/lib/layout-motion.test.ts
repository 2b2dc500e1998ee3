import { afterEach, expect, test, vi } from 'vitest';
import { endLayoutMotion, isLayoutMoving, onLayoutSettled, startLayoutMotion } from './layout-motion';

afterEach(() => endLayoutMotion());

test('a panel is moving between the start and the end of a drag', () => {
  expect(isLayoutMoving()).toBe(false);
  startLayoutMotion();
  expect(isLayoutMoving()).toBe(true);
  endLayoutMotion();
  expect(isLayoutMoving()).toBe(false);
});

test('listeners are called once when the drag ends, not when it starts', () => {
  const listener = vi.fn();
  const stop = onLayoutSettled(listener);
  startLayoutMotion();
  expect(listener).not.toHaveBeenCalled();
  endLayoutMotion();
  endLayoutMotion();
  expect(listener).toHaveBeenCalledTimes(1);
  stop();
});

test('a stopped listener is not called', () => {
  const listener = vi.fn();
  onLayoutSettled(listener)();
  startLayoutMotion();
  endLayoutMotion();
  expect(listener).not.toHaveBeenCalled();
});

test('a listener that throws does not keep the others from catching up', () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const after = vi.fn();
  const stopFirst = onLayoutSettled(() => {
    throw new Error('boom');
  });
  const stopSecond = onLayoutSettled(after);
  startLayoutMotion();
  endLayoutMotion();
  expect(after).toHaveBeenCalledTimes(1);
  expect(error).toHaveBeenCalled();
  stopFirst();
  stopSecond();
  error.mockRestore();
});
