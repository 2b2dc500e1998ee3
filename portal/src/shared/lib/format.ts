// How the portal writes dates, times and measured numbers: one place, one locale (British English: "3 Nov 2026, 06:00",
// 24-hour times), whatever the browser's own locale is. Each formatter is made once, on first use: a formatter per call
// costs tens of microseconds, which long lists would pay per cell.

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CLOCK: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
const SECONDS: Intl.DateTimeFormatOptions = { second: '2-digit' };
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for a set of fields, made on first use (making one costs far more than formatting with it). */
function formatter(key: string, ...parts: Intl.DateTimeFormatOptions[]): Intl.DateTimeFormat {
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', Object.assign({}, ...parts));
    formatters.set(key, f);
  }
  return f;
}

function toDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A local date and time to the minute ("3 Nov 2026, 06:00"; seconds when `seconds`), or a dash when missing. */
export function formatDateTime(value: string | number | Date | null | undefined, seconds = false): string {
  const date = toDate(value);
  if (!date) return '—';
  return (seconds ? formatter('dts', DAY, CLOCK, SECONDS) : formatter('dt', DAY, CLOCK)).format(date);
}

/** A local date ("3 Nov 2026"), or a dash when missing. */
export function formatDate(value: string | number | Date | null | undefined): string {
  const date = toDate(value);
  return date ? formatter('d', DAY).format(date) : '—';
}

/** A local time of day ("06:00:42"; to the minute without `seconds`), or a dash when missing. */
export function formatTime(value: string | number | Date | null | undefined, seconds = true): string {
  const date = toDate(value);
  if (!date) return '—';
  return (seconds ? formatter('ts', CLOCK, SECONDS) : formatter('t', CLOCK)).format(date);
}

/** A number with a unit and fixed decimals, or a dash when missing. */
export function formatNumber(value: number | null | undefined, unit = '', decimals = 1): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  const text = value.toLocaleString('en-GB', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
  return unit ? `${text} ${unit}` : text;
}

/** Minutes as "1 h 05 min" / "12 min". */
export function formatDuration(minutes: number): string {
  const total = Math.round(minutes);
  const h = Math.floor(total / 60);
  const m = total % 60;
  return h > 0 ? `${h} h ${String(m).padStart(2, '0')} min` : `${m} min`;
}
