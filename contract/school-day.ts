import { LESSON_DAYS, type LessonDay } from './lesson-constants';
import { formatTimeSlot, parseTimeSlot, type TimeRange } from './lesson-time';

/*
 * A teacher's school day (the bell schedule): its periods, break and lunch, home time, and
 * the lesson periods on which the teacher has no class (non-contact, PPA). The planner's
 * time slots come from it and suggestions only use its lesson periods. Without zod: the
 * Settings page and the planner import it; contract/settings.ts holds the schema.
 */

export const PERIOD_KINDS = ['lesson', 'registration', 'break', 'lunch'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];
export const PERIOD_KIND_LABELS: Record<PeriodKind, string> = {
  lesson: 'Lesson',
  registration: 'Registration or assembly',
  break: 'Break',
  lunch: 'Lunch',
};

/** A period; times are 24-hour "HH:MM", as a time input gives them. */
export type SchoolPeriod = { name: string; start: string; end: string; kind: PeriodKind };
/** A lesson period on one weekday without a class. */
export type NonContactPeriod = { day: LessonDay; period: string };
export type SchoolDay = {
  periods: SchoolPeriod[];
  homeTime: string;
  nonContact: NonContactPeriod[];
};

export const MAX_PERIODS = 16;
export const MAX_PERIOD_NAME_LENGTH = 30;
export const CLOCK_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

const period = (name: string, start: string, end: string, kind: PeriodKind = 'lesson') => ({
  name,
  start,
  end,
  kind,
});

/** A class teacher's day: one class all day, whole-class sessions around break and lunch. */
export const PRIMARY_DAY: SchoolDay = {
  periods: [
    period('Registration', '08:45', '09:00', 'registration'),
    period('Lesson 1', '09:00', '10:00'),
    period('Lesson 2', '10:00', '10:45'),
    period('Break', '10:45', '11:00', 'break'),
    period('Lesson 3', '11:00', '12:00'),
    period('Lunch', '12:00', '13:00', 'lunch'),
    period('Lesson 4', '13:00', '14:00'),
    period('Lesson 5', '14:00', '15:00'),
    period('Story and home time', '15:00', '15:15', 'registration'),
  ],
  homeTime: '15:15',
  nonContact: [],
};

/** Five one-hour periods, a class in each unless it is a free (non-contact) period. */
export const SECONDARY_DAY: SchoolDay = {
  periods: [
    period('Registration', '08:40', '09:00', 'registration'),
    period('P1', '09:00', '10:00'),
    period('P2', '10:00', '11:00'),
    period('Break', '11:00', '11:20', 'break'),
    period('P3', '11:20', '12:20'),
    period('Lunch', '12:20', '13:05', 'lunch'),
    period('P4', '13:05', '14:05'),
    period('P5', '14:05', '15:05'),
  ],
  homeTime: '15:05',
  nonContact: [],
};

export const SCHOOL_DAY_PRESETS = { primary: PRIMARY_DAY, secondary: SECONDARY_DAY } as const;

export const clockMinutes = (clock: string) => {
  const [hours, minutes] = clock.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
};

export const periodRange = (p: SchoolPeriod): TimeRange => ({
  start: clockMinutes(p.start),
  end: clockMinutes(p.end),
});

/** The time slot a lesson in this period gets: "9:00 - 10:00 AM". */
export const periodTimeSlot = (p: SchoolPeriod) => formatTimeSlot(periodRange(p));

export const lessonPeriods = (day: SchoolDay) => day.periods.filter((p) => p.kind === 'lesson');

/** The period a lesson's time slot is (same start and end), if any. */
export function periodOfSlot(day: SchoolDay, timeSlot: string): SchoolPeriod | undefined {
  const range = parseTimeSlot(timeSlot);
  if (!range) return undefined;
  return day.periods.find((p) => {
    const own = periodRange(p);
    return own.start === range.start && own.end === range.end;
  });
}

export const isNonContact = (day: SchoolDay, weekday: LessonDay, name: string) =>
  day.nonContact.some((entry) => entry.day === weekday && entry.period === name);

/** What is wrong with a school day, in the words the Settings form shows; null when nothing. */
export function schoolDayProblem(day: SchoolDay): string | null {
  if (day.periods.length > MAX_PERIODS) return `A day has at most ${MAX_PERIODS} periods`;
  if (!day.periods.some((p) => p.kind === 'lesson')) return 'Add at least one lesson period';
  const names = new Set<string>();
  for (const p of day.periods) {
    const name = p.name.trim();
    if (!name) return 'Period name is required';
    if (p.name.length > MAX_PERIOD_NAME_LENGTH)
      return `Period names have at most ${MAX_PERIOD_NAME_LENGTH} characters`;
    if (names.has(name.toLowerCase())) return `Two periods are called ${name}`;
    names.add(name.toLowerCase());
    if (!CLOCK_PATTERN.test(p.start) || !CLOCK_PATTERN.test(p.end))
      return `${name}: enter its start and end times`;
    if (clockMinutes(p.end) <= clockMinutes(p.start)) return `${name} must end after it starts`;
  }
  const sorted = [...day.periods].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start));
  for (const [index, p] of sorted.slice(1).entries()) {
    const before = sorted[index]!;
    if (clockMinutes(p.start) < clockMinutes(before.end))
      return `${before.name} and ${p.name} overlap`;
  }
  if (!CLOCK_PATTERN.test(day.homeTime)) return 'Home time is required';
  const last = sorted.at(-1)!;
  if (clockMinutes(day.homeTime) < clockMinutes(last.end))
    return `Home time must be after ${last.name} ends`;
  const lessonNames = new Set(lessonPeriods(day).map((p) => p.name));
  for (const entry of day.nonContact) {
    if (!LESSON_DAYS.includes(entry.day) || !lessonNames.has(entry.period))
      return 'Non-contact time must be a lesson period';
  }
  return null;
}

/** Periods in the order of the day, so the Settings form and the planner read them alike. */
export function inDayOrder(day: SchoolDay): SchoolDay {
  return {
    ...day,
    periods: [...day.periods].sort((a, b) => clockMinutes(a.start) - clockMinutes(b.start)),
  };
}
