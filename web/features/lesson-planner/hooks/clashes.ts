import type { Lesson } from '@contract/lesson-plans';
import { slotsOverlap } from '@contract/lesson-time';

/**
 * For each lesson, the titles of the other lessons on its day whose time slots overlap it.
 * Slots that cannot be read never clash: the planner cannot tell, so it does not accuse.
 */
export function findClashes(lessons: readonly Lesson[]): Map<number, string[]> {
  const clashes = new Map<number, string[]>();
  for (const [index, lesson] of lessons.entries()) {
    for (const other of lessons.slice(index + 1)) {
      if (other.day !== lesson.day || !slotsOverlap(lesson.timeSlot, other.timeSlot)) continue;
      clashes.set(lesson.id, [...(clashes.get(lesson.id) ?? []), other.title]);
      clashes.set(other.id, [...(clashes.get(other.id) ?? []), lesson.title]);
    }
  }
  return clashes;
}
