import { LESSON_DAYS, type LessonDay } from './lesson-constants';

/*
 * A lesson's time slot is free text ("9:00 - 9:45 AM"). The planner orders cards by
 * its start, marks clashes where two slots overlap, and the suggestion engine looks
 * for free time. Text that cannot be read stays as typed: it sorts last and never clashes.
 */

/** Minutes after midnight. */
export type TimeRange = { start: number; end: number };

const TIME = String.raw`(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm)?`;
const RANGE = new RegExp(`^${TIME}\\s*(?:-|to)\\s*${TIME}$`);
const SINGLE = new RegExp(`^${TIME}$`);

type Clock = { hour: number; minute: number; meridiem: 'am' | 'pm' | undefined };

function clockOf(hour?: string, minute?: string, meridiem?: string): Clock | null {
  const h = Number(hour);
  const m = minute === undefined ? 0 : Number(minute);
  if (!Number.isInteger(h) || h > 23 || m > 59) return null;
  const mer = meridiem === 'am' || meridiem === 'pm' ? meridiem : undefined;
  if (mer && (h < 1 || h > 12)) return null;
  return { hour: h, minute: m, meridiem: mer };
}

function withMeridiem(clock: Clock, meridiem: 'am' | 'pm'): number {
  const hour = (clock.hour % 12) + (meridiem === 'pm' ? 12 : 0);
  return hour * 60 + clock.minute;
}

/**
 * A time without am/pm: 24-hour when it says so (13:00, 08:30 with a zero), else as a
 * school day reads it: 7–11 in the morning, 12 at noon, 1–6 in the afternoon.
 */
function schoolDayMinutes(clock: Clock, raw: string | undefined): number {
  if (clock.hour > 12 || clock.hour === 0 || raw?.startsWith('0')) {
    return clock.hour * 60 + clock.minute;
  }
  const afternoon = clock.hour <= 6;
  return withMeridiem(clock, afternoon || clock.hour === 12 ? 'pm' : 'am');
}

/** Resolves a time whose am/pm was written only on the other end of the range. */
function besideKnown(clock: Clock, known: number, meridiem: 'am' | 'pm', isStart: boolean) {
  const same = withMeridiem(clock, meridiem);
  if (isStart ? same <= known : same >= known) return same;
  return withMeridiem(clock, meridiem === 'am' ? 'pm' : 'am');
}

function normalise(slot: string): string {
  return slot
    .toLowerCase()
    .replace(/[\u2012-\u2015\u2212]/g, '-')
    .replace(/\b([ap])\.?\s?m\.?(?=\s|$|-)/g, '$1m')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The slot's start and end in minutes, or null when it cannot be read. */
export function parseTimeSlot(slot: string): TimeRange | null {
  const text = normalise(slot);
  const range = RANGE.exec(text);
  if (range) {
    const a = clockOf(range[1], range[2], range[3]);
    const b = clockOf(range[4], range[5], range[6]);
    if (!a || !b) return null;
    let start: number;
    let end: number;
    if (a.meridiem && b.meridiem) {
      start = withMeridiem(a, a.meridiem);
      end = withMeridiem(b, b.meridiem);
    } else if (b.meridiem) {
      end = withMeridiem(b, b.meridiem);
      start = besideKnown(a, end, b.meridiem, true);
    } else if (a.meridiem) {
      start = withMeridiem(a, a.meridiem);
      end = besideKnown(b, start, a.meridiem, false);
    } else {
      start = schoolDayMinutes(a, range[1]);
      end = schoolDayMinutes(b, range[4]);
      if (end <= start && b.hour <= 12 && !range[4]?.startsWith('0')) end += 12 * 60;
    }
    return end > start && end <= 24 * 60 ? { start, end } : null;
  }
  const single = SINGLE.exec(text);
  if (single) {
    const clock = clockOf(single[1], single[2], single[3]);
    if (!clock) return null;
    const start = clock.meridiem
      ? withMeridiem(clock, clock.meridiem)
      : schoolDayMinutes(clock, single[1]);
    return { start, end: start };
  }
  return null;
}

/** Two slots overlap when they share any minute (or start together). Unreadable slots never clash. */
export function slotsOverlap(a: string, b: string): boolean {
  const x = parseTimeSlot(a);
  const y = parseTimeSlot(b);
  if (!x || !y) return false;
  if (x.start === y.start) return true;
  return x.start < y.end && y.start < x.end;
}

type Orderable = { day: LessonDay; timeSlot: string; title?: string; id?: number };

/** Monday to Friday, then by start time (unreadable slots last), then title, then id. */
export function compareLessons(a: Orderable, b: Orderable): number {
  const byDay = LESSON_DAYS.indexOf(a.day) - LESSON_DAYS.indexOf(b.day);
  if (byDay !== 0) return byDay;
  const startA = parseTimeSlot(a.timeSlot)?.start ?? Number.POSITIVE_INFINITY;
  const startB = parseTimeSlot(b.timeSlot)?.start ?? Number.POSITIVE_INFINITY;
  if (startA !== startB) return startA < startB ? -1 : 1;
  const byTitle = (a.title ?? '').localeCompare(b.title ?? '');
  if (byTitle !== 0) return byTitle;
  return (a.id ?? 0) - (b.id ?? 0);
}

/** The ids of lessons whose slot overlaps another lesson's on the same day. */
export function clashingLessonIds(
  lessons: readonly { id: number; day: LessonDay; timeSlot: string }[],
): Set<number> {
  const clashing = new Set<number>();
  for (const [index, a] of lessons.entries()) {
    for (const b of lessons.slice(index + 1)) {
      if (a.day === b.day && slotsOverlap(a.timeSlot, b.timeSlot)) {
        clashing.add(a.id);
        clashing.add(b.id);
      }
    }
  }
  return clashing;
}

function clockText(minutes: number): { text: string; meridiem: 'AM' | 'PM' } {
  const hour24 = Math.floor(minutes / 60);
  const minute = String(minutes % 60).padStart(2, '0');
  const hour12 = hour24 % 12 === 0 ? 12 : hour24 % 12;
  return { text: `${hour12}:${minute}`, meridiem: hour24 < 12 ? 'AM' : 'PM' };
}

/** Writes a range the way the default slot reads: "9:00 - 9:45 AM", "11:30 AM - 12:15 PM". */
export function formatTimeSlot({ start, end }: TimeRange): string {
  const a = clockText(start);
  const b = clockText(end);
  return a.meridiem === b.meridiem
    ? `${a.text} - ${b.text} ${b.meridiem}`
    : `${a.text} ${a.meridiem} - ${b.text} ${b.meridiem}`;
}
