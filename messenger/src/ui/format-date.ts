/**
 * A short, local date for lists: the time today (24-hour, as the portal writes times: "16:05", not "4:05 PM"), else day
 * and month (and year when not this year).
 */
export function formatShortDate(iso: string, lang: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = safeLocale(lang);
  if (date.toDateString() === now.toDateString()) {
    return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(date);
  }
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

function safeLocale(lang: string): string {
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([lang])[0] ?? 'en';
  } catch {
    return 'en';
  }
}
