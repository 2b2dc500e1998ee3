import { ONE_PIXEL_GIF, REPLAY } from './constants';
import type { ReplayEvent } from './types';

/** rrweb's EventType.Meta: the first event of every segment. */
const META_EVENT = 4;

const DATA_URL_RE = /data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.+-]+)*,[A-Za-z0-9+/=%._~:;!*@&$,-]*/gi;

/**
 * Shrink an event whose JSON exceeds the replay size cap (spec §5): image data URLs become a 1-pixel placeholder, other data
 * URLs are removed. Events under the cap are returned unchanged (same object).
 */
export function capReplayEvent(event: ReplayEvent, maxChars: number = REPLAY.maxEventChars): ReplayEvent {
  const json = JSON.stringify(event);
  if (json.length <= maxChars) return event;
  const replaced = json.replace(DATA_URL_RE, (match) => (/^data:image\//i.test(match) ? ONE_PIXEL_GIF : ''));
  return JSON.parse(replaced) as ReplayEvent;
}

/**
 * Two-segment ring: events go into the current segment; a checkout (new full snapshot) makes it the previous one and drops
 * the one before. Memory is thus bounded by two checkout intervals, however long the visit.
 */
export class ReplayBuffer {
  private previous: ReplayEvent[] = [];
  private current: ReplayEvent[] = [];

  add(event: ReplayEvent, isCheckout = false): void {
    // rrweb flags both events of a checkout (Meta, then FullSnapshot); the segment starts at the Meta event.
    if (isCheckout && event.type === META_EVENT) {
      this.previous = this.current;
      this.current = [];
    }
    this.current.push(event);
  }

  clear(): void {
    this.previous = [];
    this.current = [];
  }

  get size(): number {
    return this.previous.length + this.current.length;
  }

  /**
   * The replayable events, oldest first. A previous segment is useful only when it starts with its own meta + full snapshot,
   * which rrweb guarantees: each checkout emits Meta then FullSnapshot.
   */
  events(): ReplayEvent[] {
    return this.previous.concat(this.current);
  }
}
