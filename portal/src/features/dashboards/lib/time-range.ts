import { formatDate } from '@/shared/lib/format';

/**
 * The one time range of a dashboard, kept in the URL: a preset (`?range=7d`) or a custom range of whole local days
 * (`?range=custom&from=2026-11-01&to=2026-11-14`, both days included).
 */
export const RANGE_PRESETS = [
  { id: '24h', label: '24 hours', hours: 24 },
  { id: '7d', label: '7 days', hours: 7 * 24 },
  { id: '30d', label: '30 days', hours: 30 * 24 },
  { id: '60d', label: '60 days', hours: 60 * 24 },
] as const;
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id'];
export type RangeChoice = RangePresetId | 'custom';
export const DEFAULT_RANGE: RangePresetId = '7d';
/** How far back the dashboards' data reaches (the world keeps 60 days of trips; the aggregates accept 62 days). */
export const DATA_DAYS = 60;

export interface TimeRange {
  preset: RangeChoice;
  /** ISO date-times; a preset's `to` is the end of the current hour, so the range (and its query keys) hold for an hour. */
  from: string;
  to: string;
  /** The custom range's days (`YYYY-MM-DD`), for the date fields; absent for a preset. */
  fromDay?: string;
  toDay?: string;
}

const HOUR = 3_600_000;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export function isRangePreset(value: unknown): value is RangePresetId {
  return RANGE_PRESETS.some((p) => p.id === value);
}

/** The range of a preset ending with the current hour. */
export function rangeOf(preset: RangePresetId, now = Date.now()): TimeRange {
  const hours = RANGE_PRESETS.find((p) => p.id === preset)?.hours ?? 24 * 7;
  const end = Math.ceil(now / HOUR) * HOUR;
  return { preset, from: new Date(end - hours * HOUR).toISOString(), to: new Date(end).toISOString() };
}

/** A local day (`YYYY-MM-DD`) of an instant. */
export function localDay(value: number | Date): string {
  const d = new Date(value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** Local midnight starting a day, or null when `day` is not a real `YYYY-MM-DD` date. */
function midnightOf(day: string): Date | null {
  if (!DAY_PATTERN.test(day)) return null;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
}

export interface CustomRangeErrors {
  from?: string;
  to?: string;
}

/** What is wrong with a custom range of days, as the field errors shown under the date fields; empty when valid. */
export function customRangeErrors(fromDay: string, toDay: string, now = Date.now()): CustomRangeErrors {
  const errors: CustomRangeErrors = {};
  const today = localDay(now);
  const first = new Date(now);
  first.setDate(first.getDate() - DATA_DAYS);
  const firstDay = localDay(first);
  const from = midnightOf(fromDay);
  const to = midnightOf(toDay);
  if (!fromDay) errors.from = 'Enter a start date.';
  else if (!from) errors.from = 'Enter the start as a date.';
  else if (fromDay < firstDay)
    errors.from = `Data goes back ${DATA_DAYS} days, to ${formatDate(first)}: pick a later start.`;
  else if (fromDay > today) errors.from = 'The range cannot start after today.';
  if (!toDay) errors.to = 'Enter an end date.';
  else if (!to) errors.to = 'Enter the end as a date.';
  else if (from && toDay < fromDay) errors.to = 'The end of the range is before its start.';
  else if (toDay > today) errors.to = 'The range cannot end after today.';
  return errors;
}

/** The range of a valid custom range of days: from the first day's midnight to the end of the last day. */
export function customRangeOf(fromDay: string, toDay: string): TimeRange | null {
  const from = midnightOf(fromDay);
  const toStart = midnightOf(toDay);
  if (!from || !toStart || toStart < from) return null;
  const to = new Date(toStart);
  to.setDate(to.getDate() + 1);
  return { preset: 'custom', from: from.toISOString(), to: to.toISOString(), fromDay, toDay };
}
