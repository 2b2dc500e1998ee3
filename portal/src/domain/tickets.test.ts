import { expect, test } from 'vitest';
import { TICKET_STATUS } from './enums';
import { attachmentProblem, canMoveTicket, formatSlaDuration, moveClock, refusedMove, ticketSla } from './tickets';

const { NEW, IN_PROGRESS, HOLD, REOPEN, DELETED, CLOSED } = TICKET_STATUS;
const H = 3_600_000;

test('the move table: closed tickets only reopen, deleted ones never move', () => {
  expect(canMoveTicket(NEW, IN_PROGRESS)).toBe(true);
  expect(canMoveTicket(CLOSED, REOPEN)).toBe(true);
  expect(canMoveTicket(CLOSED, IN_PROGRESS)).toBe(false);
  expect(canMoveTicket(IN_PROGRESS, DELETED)).toBe(false);
  expect(refusedMove(DELETED, NEW)).toBe('A Deleted ticket cannot change status.');
  expect(refusedMove(HOLD, HOLD)).toBe('The ticket is already Hold.');
  expect(refusedMove(HOLD, IN_PROGRESS)).toBeNull();
});

test('the clock banks running time on Hold and starts again after', () => {
  const started = { activeMs: 0, activeSince: 0 };
  const held = moveClock(started, HOLD, 2 * H);
  expect(held).toEqual({ activeMs: 2 * H, activeSince: null });
  const resumed = moveClock(held, IN_PROGRESS, 10 * H);
  expect(resumed).toEqual({ activeMs: 2 * H, activeSince: 10 * H });
  const clock = { ...resumed, status: IN_PROGRESS, priority: 'high' as const, firstResponseActiveMs: null };
  // High: 8 h to resolve; 2 h banked + 1 h since resuming leaves 5 h, though 11 h have passed.
  expect(ticketSla(clock, 11 * H).resolution).toMatchObject({ remainingMs: 5 * H, state: 'running' });
  expect(ticketSla(clock, 11 * H).firstResponse.state).toBe('breached');
  expect(ticketSla({ ...clock, ...held, status: HOLD }, 50 * H)).toMatchObject({
    paused: true,
    resolution: { remainingMs: 6 * H, state: 'paused' },
  });
});

test('a closed ticket met its target when closed in time', () => {
  const clock = {
    status: CLOSED,
    priority: 'low' as const,
    activeMs: H,
    activeSince: null,
    firstResponseActiveMs: 60_000,
  };
  expect(ticketSla(clock, 1000 * H)).toMatchObject({ firstResponse: { state: 'met' }, resolution: { state: 'met' } });
});

test('durations and attachment problems read well', () => {
  expect(formatSlaDuration(2 * H + 5 * 60_000)).toBe('2 h 5 min');
  expect(formatSlaDuration(-(27 * H))).toBe('1 d 3 h');
  expect(attachmentProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe(
    'a.gif: only PNG, JPEG, PDF, TXT or CSV files can be attached.',
  );
  expect(attachmentProblem({ name: 'a.png', type: 'image/png', size: 10 })).toBeNull();
});
