import { describe, expect, it } from 'vitest';
import { firstOpenDay } from './suggestions';

const at = (iso: string) => new Date(`${iso}T10:00:00Z`);

describe('firstOpenDay: the days of this week’s plan that have not passed', () => {
  it.each([
    ['Nov 23 - 27, 2026', '2026-11-23', 'Monday'],
    ['Nov 23 - 27, 2026', '2026-11-26', 'Thursday'],
    ['Nov 23 - 27, 2026', '2026-11-27', 'Friday'],
    ['23/11/2026 - 27/11/2026', '2026-11-25', 'Wednesday'],
    ['Week of 23rd November', '2026-11-24', 'Tuesday'],
    // A range written from its Wednesday still means that week.
    ['Wed 25 Nov - Fri 27 Nov', '2026-11-26', 'Thursday'],
  ])('%s on %s: %s', (range, today, day) => {
    expect(firstOpenDay(range, at(today))).toBe(day);
  });

  it.each([
    ['Nov 23 - 27, 2026', '2026-11-28'],
    ['Nov 23 - 27, 2026', '2026-11-20'],
    ['Nov 30 - Dec 4, 2026', '2026-11-26'],
    ['Spring term, week 3', '2026-11-26'],
    ['', '2026-11-26'],
  ])('%s on %s: another week (or none named), so every day is open', (range, today) => {
    expect(firstOpenDay(range, at(today))).toBeUndefined();
  });
});
