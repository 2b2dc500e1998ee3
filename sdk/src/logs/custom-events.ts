import { LOG_BUFFER_SIZE } from '../core/constants';
import type { CustomEvent } from '../core/report-types';
import { pushBounded } from './ring-buffer';

let events: CustomEvent[] = [];
/** Events waiting for the next `/sessions/ping`. */
let pending: CustomEvent[] = [];

/** Record an event for the report log and queue it for the ping stream. */
export function trackEvent(name: string, data?: unknown): void {
  const ev: CustomEvent = { name, date: new Date().toISOString(), ...(data === undefined ? {} : { data }) };
  pushBounded(events, ev, LOG_BUFFER_SIZE);
  pushBounded(pending, ev, LOG_BUFFER_SIZE);
}

export function getCustomEvents(): CustomEvent[] {
  return events.slice();
}

/** Take the events waiting for the stream (they leave the queue). */
export function takePendingEvents(): CustomEvent[] {
  const out = pending;
  pending = [];
  return out;
}

/** Put events back at the front after a failed ping. */
export function restorePendingEvents(list: CustomEvent[]): void {
  pending = list.concat(pending).slice(-LOG_BUFFER_SIZE);
}

export function hasPendingEvents(): boolean {
  return pending.length > 0;
}

export function clearCustomEvents(): void {
  events = [];
  pending = [];
}
