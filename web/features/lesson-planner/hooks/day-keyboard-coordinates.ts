import { LESSON_DAYS } from '@contract/lesson-constants';
import type { LessonDay } from '@contract/lesson-plans';
import type { KeyboardCoordinateGetter } from '@dnd-kit/core';

const isDay = (value: unknown): value is LessonDay =>
  typeof value === 'string' && (LESSON_DAYS as readonly string[]).includes(value);

/**
 * Left and Right jump a picked-up lesson to the previous or next day column, so a keyboard
 * user moves a lesson with one key press per day instead of nudging it 25 pixels at a time
 * (on a phone, from tab to tab).
 * Up and Down do nothing: the order within a day follows the time slot, not the position.
 */
export const dayKeyboardCoordinates: KeyboardCoordinateGetter = (
  event,
  { active, context, currentCoordinates },
) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0;
  if (step === 0) {
    if (event.code === 'ArrowUp' || event.code === 'ArrowDown') event.preventDefault();
    return undefined;
  }
  event.preventDefault();
  const { over, droppableRects, collisionRect, active: activeNode } = context;
  // On a phone the other days are tabs ("tab-Tuesday") rather than columns.
  const fromOver = typeof over?.id === 'string' ? over.id.replace(/^tab-/, '') : over?.id;
  const fromLesson = activeNode?.data.current?.day;
  const currentDay = isDay(fromOver) ? fromOver : isDay(fromLesson) ? fromLesson : undefined;
  if (!currentDay || !collisionRect || active === null) return undefined;
  const next = LESSON_DAYS[LESSON_DAYS.indexOf(currentDay) + step];
  const target = next ? (droppableRects.get(next) ?? droppableRects.get(`tab-${next}`)) : undefined;
  if (!target) return undefined;
  const lowest = target.top + Math.max(0, target.height - collisionRect.height);
  return {
    x: target.left + (target.width - collisionRect.width) / 2,
    y: Math.min(Math.max(currentCoordinates.y, target.top), lowest),
  };
};
