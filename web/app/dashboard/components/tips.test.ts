import { describe, expect, it } from 'vitest';
import { TIPS, tipOfTheDay } from './tips';

describe('tip of the day', () => {
  it('is the spec’s six tips, in order, each with its route', () => {
    expect(TIPS.map((tip) => [tip.title, tip.route])).toEqual([
      ['Voice Cloning', '/teacher/profile'],
      ['Avatar Creation', '/teacher/profile'],
      ['Pupil Management', '/teacher/students'],
      ['Classroom Keys', '/teacher/settings'],
      ['AI Lesson Suggestions', '/teacher/lesson-planner'],
      ['Email Reports', '/teacher/parent-reports'],
    ]);
  });

  it('is chosen by the day of the year modulo 6', () => {
    // 1 January is day 1 of the year: 1 % 6 = 1.
    expect(tipOfTheDay(new Date(2026, 0, 1)).title).toBe('Avatar Creation');
    // 6 January is day 6: 6 % 6 = 0.
    expect(tipOfTheDay(new Date(2026, 0, 6)).title).toBe('Voice Cloning');
    // 23 November 2026 is day 327: 327 % 6 = 3.
    expect(tipOfTheDay(new Date(2026, 10, 23)).title).toBe('Classroom Keys');
    // 31 December of a leap year is day 366: 366 % 6 = 0.
    expect(tipOfTheDay(new Date(2024, 11, 31)).title).toBe('Voice Cloning');
    // The next day starts the count again.
    expect(tipOfTheDay(new Date(2025, 0, 1)).title).toBe('Avatar Creation');
  });
});
