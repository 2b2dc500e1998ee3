import { AppError } from '../lib/app-error';

/** How many calls one bucket may make in one window. */
export interface RateRule {
  limit: number;
  windowMs: number;
}

/**
 * Counts calls per bucket in fixed windows. `take` counts one call and answers undefined when it is within the rule,
 * else the seconds until the bucket's window ends (nothing counted).
 */
export interface RateLimiter {
  take(bucket: string, rule: RateRule, nowMs: number): number | undefined;
}

/**
 * The widget API's limits (decision 0115): one noisy page (a session) cannot fill the database, and one key's sites
 * together stay within a ceiling, while every other session and key goes on unslowed.
 */
export const WIDGET_LIMITS = {
  reportsPerSession: { limit: 10, windowMs: 60_000 },
  reportsPerKey: { limit: 600, windowMs: 60_000 },
  uploadsPerSession: { limit: 20, windowMs: 60_000 },
  uploadsPerKey: { limit: 600, windowMs: 60_000 },
  /** Resume (every page view), identify, partial update and ping (every 2.5 s while events wait: 24 a minute). */
  sessionCallsPerSession: { limit: 120, windowMs: 60_000 },
  /** New sessions: a visitor makes one; an office behind one address makes several. */
  newSessionsPerAddress: { limit: 60, windowMs: 60_000 },
  newSessionsPerKey: { limit: 3_000, windowMs: 60_000 },
} as const satisfies Record<string, RateRule>;

/** Buckets beyond this are swept of ended windows, so a flood of distinct sessions cannot grow the map for ever. */
const SWEEP_ABOVE = 50_000;

/** One process's counters in memory (each API replica counts its own calls; see decision 0115). */
export function createWindowLimiter(): RateLimiter {
  const windows = new Map<string, { endsAt: number; count: number }>();
  return {
    take(bucket, rule, nowMs) {
      if (windows.size > SWEEP_ABOVE) {
        for (const [name, window] of windows) if (window.endsAt <= nowMs) windows.delete(name);
      }
      const window = windows.get(bucket);
      if (!window || window.endsAt <= nowMs) {
        windows.set(bucket, { endsAt: nowMs + rule.windowMs, count: 1 });
        return undefined;
      }
      if (window.count >= rule.limit) return Math.max(1, Math.ceil((window.endsAt - nowMs) / 1000));
      window.count += 1;
      return undefined;
    },
  };
}

/**
 * Counts one call in each bucket; the first bucket over its rule answers 429 with `Retry-After` (the widget waits that
 * long before it sends again). Buckets are checked in order, so a refused session does not use up its key's calls.
 */
export function limitRate(
  limiter: RateLimiter,
  checks: readonly (readonly [bucket: string, rule: RateRule])[],
  now: Date,
): void {
  for (const [bucket, rule] of checks) {
    const retryAfterSeconds = limiter.take(bucket, rule, now.getTime());
    if (retryAfterSeconds !== undefined) {
      throw new AppError('too_many_attempts', 'Too many calls; try again later.', { retryAfterSeconds });
    }
  }
}
