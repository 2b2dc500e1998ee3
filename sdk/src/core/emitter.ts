export type Listener = (data?: unknown) => void;

const listeners = new Map<string, Set<Listener>>();

/** Subscribe to a widget event; returns the function that unsubscribes. */
export function on(event: string, cb: Listener): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  set.add(cb);
  return () => set.delete(cb);
}

/** Call every listener; one failing listener never stops the others or reaches the caller. */
export function emit(event: string, data?: unknown): void {
  for (const cb of listeners.get(event) ?? []) {
    try {
      cb(data);
    } catch (err) {
      console.error(err);
    }
  }
}

export function clearListeners(): void {
  listeners.clear();
}
