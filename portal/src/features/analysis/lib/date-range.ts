import { formatDate } from '@/shared/lib/format';

/** A local day (`YYYY-MM-DD`) of an instant. */
export function localDay(value: string | number | Date): string {
  const d = new Date(value);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The local day `days` before an instant's day. */
export function daysBefore(value: string | number | Date, days: number): string {
  const d = new Date(value);
  d.setDate(d.getDate() - days);
  return localDay(d);
}

export interface RangeErrors {
  from?: string;
  to?: string;
}

/**
 * What is wrong with a range of days against the data window (days inclusive), as the field errors the page shows in
 * place; the server checks the same (`/analysis/*` answer 400 with these fields).
 */
export function rangeErrors(from: string, to: string, window: { dataFrom: string; dataTo: string }): RangeErrors {
  const errors: RangeErrors = {};
  const first = localDay(window.dataFrom);
  const last = localDay(window.dataTo);
  if (!from) errors.from = 'Enter a start date.';
  else if (from < first) errors.from = `Data starts on ${formatDate(window.dataFrom)}; pick a later start.`;
  else if (from > last) errors.from = `Data ends on ${formatDate(window.dataTo)}; pick an earlier start.`;
  if (!to) errors.to = 'Enter an end date.';
  else if (from && to < from) errors.to = 'The end of the range is before its start.';
  else if (to > last) errors.to = `Data ends on ${formatDate(window.dataTo)}; pick an earlier end.`;
  return errors;
}
