import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { isSwipeDismiss, ToastTimer } from './toast-timer';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast timer', () => {
  test('expires after its duration', () => {
    let expired = 0;
    new ToastTimer(5000, () => expired++).start();
    vi.advanceTimersByTime(4999);
    expect(expired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(expired).toBe(1);
  });

  test('does not count time while paused, and resumes with the time that was left', () => {
    let expired = 0;
    const timer = new ToastTimer(5000, () => expired++);
    timer.start();
    vi.advanceTimersByTime(3000);
    timer.pause('hover');
    vi.advanceTimersByTime(60_000);
    expect(expired).toBe(0);
    timer.resume('hover');
    vi.advanceTimersByTime(1999);
    expect(expired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(expired).toBe(1);
  });

  test('stays paused until every reason has gone', () => {
    let expired = 0;
    const timer = new ToastTimer(1000, () => expired++);
    timer.start();
    timer.pause('hover');
    timer.pause('blur');
    timer.resume('hover');
    vi.advanceTimersByTime(5000);
    expect(expired).toBe(0);
    timer.resume('blur');
    vi.advanceTimersByTime(1000);
    expect(expired).toBe(1);
  });

  test('never fires after being stopped', () => {
    let expired = 0;
    const timer = new ToastTimer(1000, () => expired++);
    timer.start();
    timer.stop();
    timer.resume('hover');
    vi.advanceTimersByTime(5000);
    expect(expired).toBe(0);
  });
});

describe('swipe threshold', () => {
  test('dismisses at 80 percent of the width in either direction, not before', () => {
    expect(isSwipeDismiss(279, 350, 0.8)).toBe(false);
    expect(isSwipeDismiss(280, 350, 0.8)).toBe(true);
    expect(isSwipeDismiss(-280, 350, 0.8)).toBe(true);
    expect(isSwipeDismiss(500, 0, 0.8)).toBe(false);
  });
});
