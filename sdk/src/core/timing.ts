/**
 * Run `fn` and record its main-thread time as a User Timing measure (`voltline:<name>`), visible in DevTools and
 * read by the `widget.init.ms` benchmark.
 */
export function timed<T>(name: string, fn: () => T): T {
  const p = typeof performance !== 'undefined' ? performance : undefined;
  const start = p?.now() ?? 0;
  try {
    return fn();
  } finally {
    try {
      p?.measure(`voltline:${name}`, { start, end: p.now() });
    } catch {
      // User Timing level 3 missing (old browsers, jsdom): the measure is optional
    }
  }
}

/** Run work when the main thread is idle (at the latest after `timeout` ms). */
export function whenIdle(cb: () => void, timeout = 500): void {
  const ric = (globalThis as { requestIdleCallback?: (cb: () => void, o: { timeout: number }) => number })
    .requestIdleCallback;
  if (ric) ric(cb, { timeout });
  else setTimeout(cb, 1);
}

/**
 * Run `cb` as its own task, soon. A MessageChannel task, not a timer: timers are clamped when nested, throttled in
 * hidden tabs and stopped by fake clocks (tests, some SPAs' test harnesses).
 */
export function nextTask(cb: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(cb, 0);
    return;
  }
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    cb();
  };
  channel.port2.postMessage(null);
}
