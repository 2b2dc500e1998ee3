import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatDuration, formatNumber, formatTime } from './format';

// local time, so that the test reads the same in any time zone
const at = new Date(2026, 10, 3, 6, 5, 42);

describe('portal formats', () => {
  it('writes dates and times one way, whatever the browser locale', () => {
    expect(formatDateTime(at)).toBe('3 Nov 2026, 06:05');
    expect(formatDateTime(at.getTime(), true)).toBe('3 Nov 2026, 06:05:42');
    expect(formatDateTime(at.toISOString())).toBe('3 Nov 2026, 06:05');
    expect(formatDate(at)).toBe('3 Nov 2026');
    expect(formatTime(at)).toBe('06:05:42');
    expect(formatTime(at, false)).toBe('06:05');
  });

  it('shows a dash for a missing or unreadable date', () => {
    for (const missing of [null, undefined, '', 'not a date']) {
      expect(formatDateTime(missing)).toBe('—');
      expect(formatDate(missing)).toBe('—');
      expect(formatTime(missing)).toBe('—');
    }
  });

  it('writes numbers with fixed decimals and durations in hours and minutes', () => {
    expect(formatNumber(14823.04, 'km', 0)).toBe('14,823 km');
    expect(formatNumber(null, 'km')).toBe('—');
    expect(formatDuration(65)).toBe('1 h 05 min');
    expect(formatDuration(12.4)).toBe('12 min');
  });
});
