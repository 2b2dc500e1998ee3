import { useCallback, useMemo } from 'react';
import { topics } from '@/shared/lib/live/topics';
import { useLiveConnection } from '@/shared/lib/live/use-live-connection';
import { useLiveInterest } from '@/shared/lib/live/use-live-interest';
import { useAppState } from '@/state/store-context';
import type { ApiCommand } from './list-commands';

/**
 * How a list of commands (the fleet's command history, a vehicle's or device's Commands tab) learns that its pending
 * rows settled: by their acknowledgements live when it can subscribe to them, else by refetching. One rule for both.
 */

/** Without the live connection, a list refetches this often while a row is pending. */
export const PENDING_REFETCH_MS = 5000;

/**
 * When the list should next be fetched while rows are pending: with the live connection up, acknowledgements
 * arrive live, so only when the first pending command expires (the server then says Failed); without it, every
 * `PENDING_REFETCH_MS`. False when nothing is pending.
 */
export function pendingRefetchMs(items: readonly ApiCommand[], live: boolean, now = Date.now()): number | false {
  const pending = items.filter((c) => c.status === 1);
  if (pending.length === 0) return false;
  if (!live) return PENDING_REFETCH_MS;
  const firstExpiry = Math.min(...pending.map((c) => (c.expiresAt ? Date.parse(c.expiresAt) : now)));
  return Math.max(1000, firstExpiry - now + 500);
}

/**
 * The most vehicles whose acknowledgement topics a list subscribes to at once (the default page of 25 rows never
 * reaches it; a page of 100 to 1,000 pending commands after a group send can). Beyond it the list refetches instead:
 * a hundred subscriptions for one screen cost the broker more than a refetch every few seconds.
 */
export const MAX_ACK_VEHICLES = 50;

/**
 * The acknowledgement topics of the vehicles of the rows still pending (neither settled by the server nor by a live
 * acknowledgement in the store), or null when they are more than `MAX_ACK_VEHICLES` vehicles. Per vehicle, not the
 * fleet-wide filter: the broker grants a scoped user only topics of one vehicle in their scope (decision 0125).
 */
export function pendingAckTopics(
  items: readonly ApiCommand[],
  acknowledged: Readonly<Record<string, unknown>>,
): string[] | null {
  const vehicles = new Set<string>();
  for (const c of items) if (c.status === 1 && acknowledged[c.id] === undefined) vehicles.add(c.vehicleId);
  if (vehicles.size > MAX_ACK_VEHICLES) return null;
  return [...vehicles].sort().map(topics.commandAck);
}

/**
 * The `refetchInterval` of a query listing commands: `pendingRefetchMs` of its rows, live when the connection is
 * online and their acknowledgement topics are within `MAX_ACK_VEHICLES` (see `usePendingAckInterest`).
 */
export function usePendingRefetch(): (items: readonly ApiCommand[]) => number | false {
  const online = useLiveConnection().state === 'online';
  const acknowledged = useAppState((s) => s.vehicle.commandAcknowledge);
  return useCallback(
    (items) => pendingRefetchMs(items, online && pendingAckTopics(items, acknowledged) !== null),
    [online, acknowledged],
  );
}

/** Subscribes `owner` to the acknowledgement topics of the listed pending rows, released as the rows settle. */
export function usePendingAckInterest(owner: string, items: readonly ApiCommand[] | undefined): void {
  const acknowledged = useAppState((s) => s.vehicle.commandAcknowledge);
  const ackTopics = useMemo(() => pendingAckTopics(items ?? [], acknowledged), [items, acknowledged]);
  useLiveInterest(owner, ackTopics ?? []);
}
