import { describe, expect, test } from 'vitest';
import { formatShortDate } from './format-date';

describe('formatShortDate', () => {
  const now = new Date(2026, 10, 26, 18, 0);

  test('writes a time of today on the 24-hour clock, in English as in German', () => {
    const today = new Date(2026, 10, 26, 16, 5).toISOString();
    expect(formatShortDate(today, 'en', now)).toBe('16:05');
    expect(formatShortDate(today, 'en-US', now)).toBe('16:05');
    expect(formatShortDate(today, 'de', now)).toBe('16:05');
  });

  test('writes an earlier day as day and month, with the year only when it is not this year', () => {
    expect(formatShortDate(new Date(2026, 2, 3, 9).toISOString(), 'en', now)).toMatch(/^(3 Mar|Mar 3)$/);
    expect(formatShortDate(new Date(2025, 2, 3, 9).toISOString(), 'en', now)).toMatch(/2025/);
    expect(formatShortDate('not a date', 'en', now)).toBe('');
  });
});
