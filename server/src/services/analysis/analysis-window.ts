import type { ActivityStore } from '../activity/activity-store';
import { FieldErrors, invalidQuery } from '../lib/app-error';

const DAY_MS = 86_400_000;
/** The range asked for when none is given: the last 30 days of data. */
export const DEFAULT_DAYS = 30;
/** How far back the window reaches when the roll-up holds nothing yet (the seeded window's length). */
export const EMPTY_WINDOW_DAYS = 60;
/** Vehicles one answer may sum; more asks the caller to narrow the question. */
export const MAX_VEHICLES = 3000;

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The instants the roll-up holds data for (decision 0114): from the start of its first day to the end of its last,
 * or now if that is earlier (the day in progress). Empty, the 60 days before now.
 */
export async function dataWindow(
  store: Pick<ActivityStore, 'heldDays'>,
  now: Date,
): Promise<{ from: number; to: number }> {
  const held = await store.heldDays();
  if (!held) return { from: now.getTime() - EMPTY_WINDOW_DAYS * DAY_MS, to: now.getTime() };
  return {
    from: Date.parse(`${held.first}T00:00:00Z`),
    to: Math.min(now.getTime(), Date.parse(`${held.last}T00:00:00Z`) + DAY_MS),
  };
}

/**
 * The range of an analysis or carbon request: absent means the last 30 days of data. A range ending before it starts,
 * or leaving the data window by more than the day it ends on (the page asks for whole days), is a field error; inside
 * that slack it is clamped to the window.
 */
export function readAnalysisRange(
  input: { from?: string | undefined; to?: string | undefined },
  window: { from: number; to: number },
  errors: FieldErrors,
): { from: number; to: number } {
  const parse = (field: 'from' | 'to', fallback: number) => {
    const raw = input[field];
    if (raw === undefined || raw === '') return fallback;
    const ms = Date.parse(raw);
    if (Number.isNaN(ms)) errors.add(field, 'Enter a date and time (ISO 8601).');
    return ms;
  };
  const to = parse('to', window.to);
  const from = parse('from', Math.max(window.from, to - DEFAULT_DAYS * DAY_MS));
  if (Number.isNaN(from) || Number.isNaN(to)) return { from: window.from, to: window.to };
  if (to < from) errors.add('to', 'The end of the range is before its start.');
  const held = Math.round((window.to - window.from) / DAY_MS);
  if (from < window.from - DAY_MS)
    errors.add('from', `Data starts on ${isoDay(window.from)} (the last ${held} days); pick a later start.`);
  else if (from > window.to) errors.add('from', `Data ends on ${isoDay(window.to)}; pick an earlier start.`);
  if (to > window.to + DAY_MS) errors.add('to', `Data ends on ${isoDay(window.to)}; pick an earlier end.`);
  return { from: Math.max(from, window.from), to: Math.min(to, window.to) };
}

/** More than MAX_VEHICLES vehicles to sum is an invalid query asking to narrow it. */
export function checkVehicleCount(count: number, hint: string): void {
  if (count > MAX_VEHICLES)
    throw invalidQuery(
      `This covers ${count.toLocaleString('en-GB')} vehicles; at most ${MAX_VEHICLES.toLocaleString('en-GB')} are summed at once. ${hint}`,
    );
}

export { FieldErrors };
