/** How long to wait between reconnect attempts. */
export interface BackoffOptions {
  /** Delay before the first retry. */
  initialMs: number;
  /** Upper bound of any delay. */
  maxMs: number;
  /** Growth per attempt. */
  factor: number;
  /** Fraction (0..1) of the delay that is randomised, so that a thousand tabs do not reconnect in step. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 500, maxMs: 30_000, factor: 2, jitter: 0.2 };

/**
 * Delay before reconnect attempt number `attempt` (1 for the first retry): exponential, capped, with jitter.
 *
 * @example
 * backoffDelay(3, DEFAULT_BACKOFF, () => 0.5); // 2000
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = DEFAULT_BACKOFF,
  random: () => number = Math.random,
) {
  const base = Math.min(options.maxMs, options.initialMs * options.factor ** Math.max(0, attempt - 1));
  const spread = base * options.jitter;
  return Math.max(0, Math.round(base - spread + random() * 2 * spread));
}
