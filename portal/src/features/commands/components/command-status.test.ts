import { describe, expect, test } from 'vitest';
import { COMMAND_ACK_TIMEOUT_MS, effectiveCommandStatus } from './command-status';

const sentAt = '2026-01-01T00:00:00.000Z';
const t0 = Date.parse(sentAt);

describe('effectiveCommandStatus', () => {
  test('a settled status from the server wins over anything else', () => {
    const acks = { c1: { status: 2 } };
    expect(effectiveCommandStatus({ id: 'c1', status: 3, sentAt }, acks, t0)).toEqual({ status: 3, source: 'server' });
  });

  test('a pending command with a live acknowledgement shows that acknowledgement', () => {
    const acks = { c1: { status: 3, reason: 'Rejected' } };
    expect(effectiveCommandStatus({ id: 'c1', status: 1, sentAt }, acks, t0 + 100)).toEqual({
      status: 3,
      source: 'live',
      reason: 'Rejected',
    });
  });

  test('a pending command without an acknowledgement stays pending until the time-out', () => {
    expect(effectiveCommandStatus({ id: 'c1', status: 1, sentAt }, {}, t0 + COMMAND_ACK_TIMEOUT_MS - 1).status).toBe(1);
  });

  test('a pending command fails once the time-out has passed', () => {
    expect(effectiveCommandStatus({ id: 'c1', status: 1, sentAt }, {}, t0 + COMMAND_ACK_TIMEOUT_MS)).toMatchObject({
      status: 3,
      source: 'timeout',
    });
  });

  test('an acknowledgement for another command is ignored', () => {
    expect(effectiveCommandStatus({ id: 'c1', status: 1, sentAt }, { c2: { status: 2 } }, t0).status).toBe(1);
  });
});
