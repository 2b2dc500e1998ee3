import { describe, expect, test } from 'vitest';
import { topics } from '@/shared/lib/live/topics';
import { MAX_ACK_VEHICLES, PENDING_REFETCH_MS, pendingAckTopics, pendingRefetchMs } from './command-history';
import type { ApiCommand } from './list-commands';

const command = (id: string, vehicleId: string, status: 1 | 2 | 3) =>
  ({ id, vehicleId, status, sentAt: '2026-01-01T00:00:00Z', expiresAt: null }) as unknown as ApiCommand;

describe('pendingAckTopics', () => {
  test('one acknowledgement topic per vehicle of a pending row not yet acknowledged live', () => {
    const items = [
      command('c1', 'veh-1', 1),
      command('c2', 'veh-1', 1),
      command('c3', 'veh-2', 1),
      command('c4', 'veh-3', 2),
      command('c5', 'veh-4', 1),
    ];
    expect(pendingAckTopics(items, { c5: {} })).toEqual([topics.commandAck('veh-1'), topics.commandAck('veh-2')]);
    expect(pendingAckTopics(items, { c1: {}, c2: {}, c3: {}, c5: {} })).toEqual([]);
  });

  test('beyond the cap of vehicles, nothing (the page refetches instead)', () => {
    const items = Array.from({ length: MAX_ACK_VEHICLES + 1 }, (_, i) => command(`c${i}`, `veh-${i}`, 1));
    expect(pendingAckTopics(items.slice(1), {})).toHaveLength(MAX_ACK_VEHICLES);
    expect(pendingAckTopics(items, {})).toBeNull();
    expect(pendingRefetchMs(items, false)).toBe(PENDING_REFETCH_MS);
  });
});
