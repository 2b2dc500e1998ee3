import { describe, expect, test } from 'vitest';
import { topics } from '@/shared/lib/live/topics';
import { MAX_ACK_VEHICLES, PENDING_REFETCH_MS, pendingAckTopics, pendingRefetchMs } from './pending-commands';
import type { ApiCommand } from './list-commands';

const command = (id: string, vehicleId: string, status: 1 | 2 | 3, expiresAt: string | null = null) =>
  ({ id, vehicleId, status, sentAt: '2026-01-01T00:00:00Z', expiresAt }) as unknown as ApiCommand;

describe('pendingRefetchMs', () => {
  const now = Date.parse('2026-01-01T00:00:10Z');
  test('nothing pending: no refetch, live or not', () => {
    const settled = [command('c1', 'veh-1', 2), command('c2', 'veh-1', 3)];
    expect(pendingRefetchMs(settled, false, now)).toBe(false);
    expect(pendingRefetchMs(settled, true, now)).toBe(false);
  });

  test('without the live connection, every PENDING_REFETCH_MS while a row is pending', () => {
    const items = [command('c1', 'veh-1', 1, '2026-01-01T00:05:00Z'), command('c2', 'veh-1', 2)];
    expect(pendingRefetchMs(items, false, now)).toBe(PENDING_REFETCH_MS);
  });

  test('live, only just after the first pending command expires (the server then says Failed), at least 1 s away', () => {
    const items = [
      command('c1', 'veh-1', 1, '2026-01-01T00:05:00Z'),
      command('c2', 'veh-2', 1, '2026-01-01T00:01:00Z'),
      command('c3', 'veh-2', 3, '2026-01-01T00:00:11Z'),
    ];
    expect(pendingRefetchMs(items, true, now)).toBe(50_500);
    expect(pendingRefetchMs([command('c4', 'veh-1', 1, '2026-01-01T00:00:05Z')], true, now)).toBe(1000);
  });
});

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
