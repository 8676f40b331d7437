import { describe, expect, it } from 'vitest';
import {
  clashingLessonIds,
  compareLessons,
  formatTimeSlot,
  parseTimeSlot,
  slotsOverlap,
} from './lesson-time';

const at = (h: number, m = 0) => h * 60 + m;

describe('parseTimeSlot', () => {
  it.each([
    ['9:00 - 9:45 AM', at(9), at(9, 45)],
    ['11:30 - 12:15 PM', at(11, 30), at(12, 15)],
    ['11:00 - 1:00 PM', at(11), at(13)],
    ['1:00 - 1:45 PM', at(13), at(13, 45)],
    ['9:00 AM - 10:00', at(9), at(10)],
    ['11:00 AM - 12:30 PM', at(11), at(12, 30)],
    ['13:00-13:45', at(13), at(13, 45)],
    ['08:30 – 09:15', at(8, 30), at(9, 15)],
    ['9-10am', at(9), at(10)],
    ['2 to 3 p.m.', at(14), at(15)],
    ['1:15 - 2:00', at(13, 15), at(14)],
    ['11:15 - 12:00', at(11, 15), at(12)],
    ['9.00 - 9.45', at(9), at(9, 45)],
    ['  9:00   -   9:45   am ', at(9), at(9, 45)],
    ['10:30', at(10, 30), at(10, 30)],
  ])('reads %j', (slot, start, end) => {
    expect(parseTimeSlot(slot)).toEqual({ start, end });
  });

  it.each([
    'after lunch',
    '',
    '25:00 - 26:00',
    '9:75 - 10:00',
    '10:00 AM - 9:00 AM',
    '13:00 PM - 14:00 PM',
    '9:00 - 9:45 AM <script>',
    '\u0000',
  ])('keeps %j unreadable', (slot) => {
    expect(parseTimeSlot(slot)).toBeNull();
  });
});

describe('ordering and clashes', () => {
  it('orders by day, then start time, with unreadable slots last', () => {
    const lessons = [
      { id: 1, day: 'Tuesday' as const, timeSlot: '9:00 - 9:45 AM', title: 'B' },
      { id: 2, day: 'Monday' as const, timeSlot: 'after lunch', title: 'A' },
      { id: 3, day: 'Monday' as const, timeSlot: '1:00 - 1:45 PM', title: 'C' },
      { id: 4, day: 'Monday' as const, timeSlot: '9:00 - 9:45 AM', title: 'D' },
    ];
    expect([...lessons].sort(compareLessons).map((l) => l.id)).toEqual([4, 3, 2, 1]);
  });

  it('marks overlapping slots on the same day only', () => {
    expect(slotsOverlap('9:00 - 10:00 AM', '9:30 - 10:15 AM')).toBe(true);
    expect(slotsOverlap('9:00 - 9:45 AM', '9:45 - 10:30 AM')).toBe(false);
    expect(slotsOverlap('after lunch', 'after lunch')).toBe(false);
    const ids = clashingLessonIds([
      { id: 1, day: 'Monday', timeSlot: '9:00 - 10:00 AM' },
      { id: 2, day: 'Monday', timeSlot: '9:30 - 10:15 AM' },
      { id: 3, day: 'Tuesday', timeSlot: '9:30 - 10:15 AM' },
    ]);
    expect([...ids].sort()).toEqual([1, 2]);
  });

  it('writes ranges back in the default style, and reads them again', () => {
    expect(formatTimeSlot({ start: at(9), end: at(9, 45) })).toBe('9:00 - 9:45 AM');
    expect(formatTimeSlot({ start: at(11, 30), end: at(12, 15) })).toBe('11:30 AM - 12:15 PM');
    expect(formatTimeSlot({ start: at(13), end: at(13, 45) })).toBe('1:00 - 1:45 PM');
    for (let start = at(7); start < at(17); start += 15) {
      const range = { start, end: start + 45 };
      expect(parseTimeSlot(formatTimeSlot(range))).toEqual(range);
    }
  });
});
