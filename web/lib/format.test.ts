import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { formatClock, formatLongDate, formatRelativeTime, formatShortDate } from './format';

// Every month, both ends of the day, a leap day, a year below 1000 (padded as date-fns does).
const dates = [
  ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, month + 1, 0, 0)),
  new Date(2026, 10, 22, 23, 59),
  new Date(2024, 1, 29, 9, 5),
  new Date(999, 0, 3, 12, 30),
];

describe('the date formats', () => {
  it('read as date-fns wrote them', () => {
    for (const date of dates) {
      expect(formatLongDate(date)).toBe(format(date, 'EEEE, MMMM d, yyyy'));
      expect(formatClock(date)).toBe(format(date, 'HH:mm'));
      expect(formatShortDate(date)).toBe(format(date, 'MMM d, yyyy'));
    }
  });

  it('take ISO strings and timestamps', () => {
    const iso = '2026-11-22T14:05:00';
    expect(formatShortDate(iso)).toBe('Nov 22, 2026');
    expect(formatClock(new Date(iso).getTime())).toBe('14:05');
  });

  it('refuse an invalid date rather than print NaN', () => {
    expect(() => formatShortDate('not a date')).toThrow(RangeError);
  });

  it('fall back to the short date after 30 days', () => {
    const now = new Date(2026, 10, 22, 12, 0);
    expect(formatRelativeTime(new Date(2026, 9, 1, 12, 0), now)).toBe('Oct 1, 2026');
    expect(formatRelativeTime(new Date(2026, 10, 22, 11, 0), now)).toBe('1 hour ago');
  });
});
