/** A short, local date for lists: the time today, else day and month (and year when not this year). */
export function formatShortDate(iso: string, lang: string, now: Date = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const locale = safeLocale(lang);
  if (date.toDateString() === now.toDateString()) {
    return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(date);
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
