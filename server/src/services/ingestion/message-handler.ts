/** What a handler of vehicles' messages counts: every message taken, and those that changed nothing, by reason. */
export interface MessageCounters<Drop extends string> {
  received: number;
  dropped: Partial<Record<Drop, number>>;
}

/**
 * The skeleton of the server's handlers of vehicles' messages (acknowledgements, OTA progress): messages are handled
 * one at a time in arrival order, `handle` drops what changes nothing by reason (counted, and logged at debug as
 * "<what> dropped"), and nothing throws to the broker.
 */
export function serialMessageHandler<Drop extends string, Counters extends MessageCounters<Drop>>(
  counters: Counters,
  what: string,
  debug: ((message: string, detail?: Record<string, unknown>) => void) | undefined,
  handle: (topic: string, payload: Uint8Array | string, drop: (reason: Drop) => void) => Promise<void>,
) {
  let queue: Promise<void> = Promise.resolve();
  const dropOf = (topic: string) => (reason: Drop) => {
    counters.dropped[reason] = (counters.dropped[reason] ?? 0) + 1;
    debug?.(`${what} dropped`, { reason, topic });
  };
  return {
    /** Takes one message off the broker; resolves once it (and every one before it) is handled. */
    accept(topic: string, payload: Uint8Array | string): Promise<void> {
      counters.received += 1;
      queue = queue.then(() => handle(topic, payload, dropOf(topic)));
      return queue;
    },
    counters: (): Counters => ({ ...counters, dropped: { ...counters.dropped } }),
    /** Resolves when every message taken so far is handled. */
    idle: () => queue,
  };
}
