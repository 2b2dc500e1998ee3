export interface QueuedCall {
  e: string;
  a?: unknown[];
}

/**
 * Replay `window.GleapActions` (calls queued by the loader snippet before the script arrived) against the API object,
 * then make later pushes call through at once.
 */
export function drainSnippetQueue(api: Record<string, unknown>): number {
  if (typeof window === 'undefined') return 0;
  const w = window as unknown as { GleapActions?: QueuedCall[] };
  const queue = Array.isArray(w.GleapActions) ? w.GleapActions : [];
  const run = (call: QueuedCall) => {
    const fn = api[call?.e];
    if (typeof fn === 'function') {
      try {
        (fn as (...a: unknown[]) => unknown).apply(api, call.a ?? []);
      } catch (err) {
        console.error(err);
      }
    }
  };
  const count = queue.length;
  for (const call of queue.splice(0)) run(call);
  w.GleapActions = Object.assign([], {
    push: (...calls: QueuedCall[]) => {
      for (const call of calls) run(call);
      return 0;
    },
  });
  return count;
}
