import { useEffect, useRef, useState } from 'react';
import type { LiveEvent } from './live-batcher';
import { useLiveController } from './live-context';
import { useLiveInterest } from './use-live-interest';

export type LiveEventKind = LiveEvent['kind'];
export type LiveEventData<K extends LiveEventKind> = Extract<LiveEvent, { kind: K }>['data'];

export interface UseLiveEventsOptions<K extends LiveEventKind> {
  /**
   * How many recent events to keep (newest first). Default 50. With 0 the hook keeps none and never re-renders its
   * component: only `onEvent` hears them (a screen that refreshes on events, at thousands of events a second).
   */
  max?: number;
  /** Called once per event as it arrives (e.g. to raise a toast). */
  onEvent?: (event: LiveEventData<K>) => void;
}

/**
 * Subscribes `owner` to `topics` and keeps the latest events of one kind, newest first, as they arrive in live
 * batches (at most one render per batch).
 *
 * @example
 * const events = useLiveEvents('geofence-list', [topics.fleetEventsFilter('geofences')], 'geofence');
 */
export function useLiveEvents<K extends LiveEventKind>(
  owner: string,
  topicFilters: readonly string[],
  kind: K,
  { max = 50, onEvent }: UseLiveEventsOptions<K> = {},
): LiveEventData<K>[] {
  useLiveInterest(owner, topicFilters);
  const controller = useLiveController();
  const [events, setEvents] = useState<LiveEventData<K>[]>([]);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  useEffect(
    () =>
      controller.subscribeBatches((batch) => {
        const fresh = batch.events.flatMap((e) => (e.kind === kind ? [e.data as LiveEventData<K>] : []));
        if (fresh.length === 0) return;
        for (const event of fresh) onEventRef.current?.(event);
        if (max > 0) setEvents((current) => [...fresh.reverse(), ...current].slice(0, max));
      }),
    [controller, kind, max],
  );
  return events;
}
