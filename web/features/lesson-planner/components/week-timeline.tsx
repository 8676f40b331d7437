import { LESSON_DAYS } from '@contract/lesson-constants';
import type { Lesson, LessonDay, LessonPlan } from '@contract/lesson-plans';
import { compareLessons } from '@contract/lesson-time';
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { cn } from '@web/lib/cn';
import { useId, useMemo, useState } from 'react';
import { findClashes } from '../hooks/clashes';
import { dayKeyboardCoordinates } from '../hooks/day-keyboard-coordinates';
import { PHONE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import { useMoveLesson } from '../hooks/use-move-lesson';
import { LessonCard, type LessonCardActions } from './lesson-card';

type CardActions = Omit<LessonCardActions, 'onMove'>;

interface WeekTimelineProps extends CardActions {
  plan: LessonPlan;
  readOnly: boolean;
  compact?: boolean;
}

const lessonOf = (data: unknown): Lesson | undefined =>
  (data as { lesson?: Lesson } | undefined)?.lesson;

/** Days are dropped on by their column, or on a phone by their tab ("tab-Tuesday"). */
const dayName = (id: unknown) => String(id).replace(/^tab-/, '') as LessonDay;

/**
 * Spoken by screen readers as a lesson is picked up, carried over a day and dropped. The day
 * it is carried over is announced only when it changes, so picking a lesson up is not talked
 * over at once by "over Tuesday" for the day it is already on.
 */
function makeAnnouncements(): Announcements {
  let lastDay: unknown;
  const title = (data: unknown) => lessonOf(data)?.title;
  const from = (data: unknown) => lessonOf(data)?.day;
  return {
    onDragStart: ({ active }) => {
      lastDay = from(active.data.current);
      return `Picked up lesson ${title(active.data.current)}. It is on ${lastDay}.`;
    },
    onDragOver: ({ active, over }) => {
      const day = over ? dayName(over.id) : null;
      if (day === lastDay) return undefined;
      lastDay = day;
      return over
        ? `Lesson ${title(active.data.current)} moved over ${dayName(over.id)}.`
        : `Lesson ${title(active.data.current)} is no longer over a day.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Lesson ${title(active.data.current)} dropped on ${dayName(over.id)}.`
        : `Lesson ${title(active.data.current)} dropped. It stays on ${from(active.data.current)}.`,
    onDragCancel: ({ active }) =>
      `Moving lesson ${title(active.data.current)} was cancelled. It stays on ${from(active.data.current)}.`,
  };
}

const screenReaderInstructions = {
  draggable:
    'To move this lesson to another day, press Space or Enter to pick it up, ' +
    'use the Left and Right arrow keys to choose a day, then press Space or Enter to drop it. ' +
    'Press Escape to cancel.',
};

// The pointer decides where a mouse or finger drop lands; the keyboard has no pointer, so
// the card's overlap with a column decides instead.
const collisionDetection: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : rectIntersection(args);
};

interface DayColumnProps extends CardActions {
  day: LessonDay;
  lessons: Lesson[];
  clashes: Map<number, string[]>;
  readOnly: boolean;
  compact: boolean;
  onMove: (lesson: Lesson, day: LessonDay) => void;
  showHeading?: boolean;
}

function DayColumn({
  day,
  lessons,
  clashes,
  readOnly,
  compact,
  showHeading = true,
  ...actions
}: DayColumnProps) {
  const headingId = useId();
  // Embedded in a dashboard card, the week sits one heading level deeper.
  const DayHeading = compact ? 'h3' : 'h2';
  const { setNodeRef, isOver } = useDroppable({ id: day, disabled: readOnly });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={headingId}
      data-day={day}
      className={cn(
        'flex min-h-40 flex-col rounded-xl border border-slate-200 bg-slate-50 p-2',
        isOver && 'border-indigo-500 bg-indigo-50 ring-2 ring-indigo-300',
      )}
    >
      <DayHeading
        id={headingId}
        className={cn(
          'mb-2 flex items-baseline justify-between px-1 text-sm font-semibold text-slate-800',
          !showHeading && 'sr-only',
        )}
      >
        {day}
        <span className="text-xs font-normal text-slate-600">
          {lessons.length === 1 ? '1 lesson' : `${lessons.length} lessons`}
        </span>
      </DayHeading>
      {lessons.length === 0 ? (
        <p className="px-1 py-4 text-center text-xs text-slate-600">No lessons</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {lessons.map((lesson) => (
            <li key={lesson.id}>
              <LessonCard
                lesson={lesson}
                readOnly={readOnly}
                compact={compact}
                clashesWith={clashes.get(lesson.id) ?? []}
                {...actions}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/**
 * A day's tab on a phone: a lesson carried onto it (by touch, mouse or the arrow keys) is
 * dropped on that day. The open day stays open: the lesson leaves it, and its count moves.
 */
function DayTab({ day, count, readOnly }: { day: LessonDay; count: number; readOnly: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: `tab-${day}`, disabled: readOnly });
  return (
    <TabsTrigger
      ref={setNodeRef}
      value={day}
      data-drop-day={day}
      className={cn(
        'min-h-11 min-w-0 flex-1 gap-1 px-1',
        isOver && 'bg-indigo-100 ring-2 ring-indigo-500',
      )}
    >
      <span aria-hidden="true">{day.slice(0, 3)}</span>
      <span className="sr-only">{day}</span>
      <span className="text-xs text-slate-600">{count}</span>
    </TabsTrigger>
  );
}

/** The week, Monday to Friday. On a phone it shows one day at a time behind day tabs. */
export function WeekTimeline({ plan, readOnly, compact = false, ...actions }: WeekTimelineProps) {
  const phone = useMediaQuery(PHONE_QUERY);
  const [phoneDay, setPhoneDay] = useState<LessonDay>('Monday');
  const moveLesson = useMoveLesson(plan.id);
  const announcements = useMemo(makeAnnouncements, []);
  const sensors = useSensors(
    // A small distance lets a click on the handle stay a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // Touch waits a moment so a swipe still scrolls the page.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayKeyboardCoordinates }),
  );
  const byDay = useMemo(() => {
    const sorted = [...plan.lessons].sort(compareLessons);
    return new Map(LESSON_DAYS.map((day) => [day, sorted.filter((lesson) => lesson.day === day)]));
  }, [plan.lessons]);
  const clashes = useMemo(() => findClashes(plan.lessons), [plan.lessons]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const lesson = lessonOf(active.data.current);
    if (!lesson || !over) return;
    moveLesson(lesson, dayName(over.id));
  };

  const column = (day: LessonDay, showHeading = true) => (
    <DayColumn
      key={day}
      day={day}
      lessons={byDay.get(day) ?? []}
      clashes={clashes}
      readOnly={readOnly}
      compact={compact}
      onMove={moveLesson}
      showHeading={showHeading}
      {...actions}
    />
  );

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions }}
    >
      {phone ? (
        <Tabs value={phoneDay} onValueChange={(value) => setPhoneDay(value as LessonDay)}>
          <TabsList aria-label="Day" className="flex w-full justify-between">
            {LESSON_DAYS.map((day) => (
              <DayTab key={day} day={day} count={byDay.get(day)?.length ?? 0} readOnly={readOnly} />
            ))}
          </TabsList>
          {LESSON_DAYS.map((day) => (
            <TabsContent key={day} value={day} className="mt-3">
              {day === phoneDay ? column(day, false) : null}
            </TabsContent>
          ))}
        </Tabs>
      ) : (
        <div className={cn('grid grid-cols-5', compact ? 'gap-2' : 'gap-3')}>
          {LESSON_DAYS.map((day) => column(day))}
        </div>
      )}
    </DndContext>
  );
}
