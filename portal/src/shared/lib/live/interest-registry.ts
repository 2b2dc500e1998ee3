/**
 * Who wants which topics. Each owner (a list, a details page, a map) declares its whole set at once; the live
 * controller subscribes to the union and lets go of a topic only when no owner wants it any more.
 */
export interface InterestRegistry {
  /** Replaces the owner's topics. Returns true when the union changed. */
  set(owner: string, topics: Iterable<string>): boolean;
  /** Forgets the owner. Returns true when the union changed. */
  clear(owner: string): boolean;
  /** Every topic some owner wants. */
  union(): ReadonlySet<string>;
  owners(): string[];
}

/** Creates an empty registry with per-topic reference counts. */
export function createInterestRegistry(): InterestRegistry {
  const byOwner = new Map<string, Set<string>>();
  const counts = new Map<string, number>();

  function release(topic: string): boolean {
    const n = (counts.get(topic) ?? 0) - 1;
    if (n > 0) {
      counts.set(topic, n);
      return false;
    }
    counts.delete(topic);
    return true;
  }

  function retain(topic: string): boolean {
    const n = counts.get(topic) ?? 0;
    counts.set(topic, n + 1);
    return n === 0;
  }

  return {
    set(owner, topics) {
      const next = new Set(topics);
      const prev = byOwner.get(owner) ?? new Set<string>();
      let changed = false;
      for (const t of prev) if (!next.has(t) && release(t)) changed = true;
      for (const t of next) if (!prev.has(t) && retain(t)) changed = true;
      if (next.size > 0) byOwner.set(owner, next);
      else byOwner.delete(owner);
      return changed;
    },
    clear(owner) {
      const prev = byOwner.get(owner);
      if (!prev) return false;
      byOwner.delete(owner);
      let changed = false;
      for (const t of prev) if (release(t)) changed = true;
      return changed;
    },
    union() {
      return new Set(counts.keys());
    },
    owners() {
      return [...byOwner.keys()];
    },
  };
}
