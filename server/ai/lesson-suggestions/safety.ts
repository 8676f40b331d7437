import { createHash } from 'node:crypto';
import { createLessonSchema } from '../../../contract/lesson-plans';
import { parseTimeSlot, slotsOverlap } from '../../../contract/lesson-time';
import type { EvidencedLesson, WeekLesson } from './types';

/*
 * The rules every suggestion obeys, whichever engine wrote it: a weekday, a time slot
 * that reads within a school's opening hours, no clash with the week or with another
 * suggestion, not a lesson the plan already has, and fields the lesson form accepts. A
 * change to a lesson must name a lesson of the week, once, and leave it a lesson the form
 * accepts.
 */

const EARLIEST = 7 * 60;
const LATEST = 18 * 60;

export const sameTitle = (a: string, b: string) =>
  a.trim().toLowerCase() === b.trim().toLowerCase();

/** A key that is the same for the same suggestion on the same week: applying it is idempotent. */
export function suggestionKeyOf(kind: string, parts: readonly unknown[]): string {
  const hash = createHash('sha256')
    .update(JSON.stringify([kind, ...parts]))
    .digest('hex');
  return `sg-${kind}-${hash.slice(0, 16)}`;
}

/** The suggestions that keep every rule, in order; the rest are dropped. */
export function keepSafe<T extends EvidencedLesson>(week: WeekLesson[], proposed: T[]): T[] {
  const appliedKeys = new Set(week.map((lesson) => lesson.suggestionKey).filter(Boolean));
  const kept: T[] = [];
  for (const suggestion of proposed) {
    const valid = createLessonSchema.safeParse({
      title: suggestion.title,
      description: suggestion.description,
      timeSlot: suggestion.timeSlot,
      day: suggestion.day,
      color: suggestion.color,
      suggestionKey: suggestion.suggestionKey,
    });
    if (!valid.success || !suggestion.reason.trim()) continue;
    const range = parseTimeSlot(suggestion.timeSlot);
    if (!range || range.end <= range.start || range.start < EARLIEST || range.end > LATEST)
      continue;
    if (appliedKeys.has(suggestion.suggestionKey)) continue;
    if (kept.some((other) => other.suggestionKey === suggestion.suggestionKey)) continue;
    if (suggestion.change) {
      const { lessonId } = suggestion.change;
      const lesson = week.find((other) => other.id === lessonId);
      const again = kept.some((other) => other.change?.lessonId === lessonId);
      if (!lesson || again || lesson.day !== suggestion.day || !suggestion.change.addition.trim())
        continue;
      kept.push(suggestion);
      continue;
    }
    const sameDay = [...week, ...kept].filter((lesson) => lesson.day === suggestion.day);
    if (sameDay.some((lesson) => sameTitle(lesson.title, suggestion.title))) continue;
    if (sameDay.some((lesson) => slotsOverlap(lesson.timeSlot, suggestion.timeSlot))) continue;
    kept.push(suggestion);
  }
  return kept;
}
