import { LESSON_DAYS } from '@contract/lesson-constants';
import type { Lesson, LessonDay } from '@contract/lesson-plans';
import { useDraggable } from '@dnd-kit/core';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { AlertTriangle, Copy, GripVertical, Pencil, Repeat, Trash2 } from 'lucide-react';
import { useId } from 'react';
import { LESSON_COLOR_STYLES } from './lesson-colors';

export interface LessonCardActions {
  onEdit?: (lesson: Lesson) => void;
  onDuplicate?: (lesson: Lesson) => void;
  onDelete?: (lesson: Lesson) => void;
  onMove: (lesson: Lesson, day: LessonDay) => void;
}

interface LessonCardProps extends LessonCardActions {
  lesson: Lesson;
  readOnly: boolean;
  /** Titles of the lessons whose time slots overlap this one on the same day. */
  clashesWith: string[];
  compact?: boolean;
}

/**
 * One lesson on the timeline. In Edit mode it is dragged by its handle (mouse, touch or
 * keyboard) or moved with "Move to"; in View mode it is text only.
 */
export function LessonCard({
  lesson,
  readOnly,
  clashesWith,
  compact = false,
  onEdit,
  onDuplicate,
  onDelete,
  onMove,
}: LessonCardProps) {
  const moveId = useId();
  const style = LESSON_COLOR_STYLES[lesson.color];
  const ColorIcon = style.icon;
  const Title = compact ? 'h4' : 'h3';
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, isDragging } =
    useDraggable({
      id: `lesson-${lesson.id}`,
      data: { lesson, day: lesson.day },
      disabled: readOnly,
    });

  return (
    <article
      ref={setNodeRef}
      data-lesson-id={lesson.id}
      aria-label={lesson.title}
      style={
        transform ? { transform: `translate3d(${transform.x}px, ${transform.y}px, 0)` } : undefined
      }
      className={cn(
        'rounded-lg border border-l-4 border-slate-200 shadow-sm',
        compact ? 'p-2' : 'p-3',
        style.card,
        style.edge,
        isDragging && 'relative z-20 shadow-lg ring-2 ring-indigo-600',
      )}
    >
      <div className="flex items-start gap-1.5">
        {readOnly ? null : (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Drag lesson ${lesson.title}`}
            className="-ml-1 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded text-slate-700 hover:bg-white/70 focus-visible:outline-2 focus-visible:outline-indigo-600 active:cursor-grabbing"
          >
            <GripVertical className="size-5" aria-hidden="true" />
          </button>
        )}
        <div className="min-w-0 flex-1">
          <p className="flex items-center gap-1 font-mono text-xs font-medium">
            <ColorIcon className="size-3 shrink-0 fill-current" aria-hidden="true" />
            <span className="sr-only">{style.label} lesson, </span>
            {lesson.timeSlot}
            {lesson.className ? (
              <span className="ml-1 rounded bg-white/80 px-1 font-sans text-slate-800">
                <span className="sr-only">class </span>
                {lesson.className}
              </span>
            ) : null}
            {lesson.recurring ? (
              <Repeat className="ml-1 size-3 shrink-0" aria-label="Taught every week" role="img" />
            ) : null}
          </p>
          <Title
            className={cn(
              'font-semibold break-words',
              compact ? 'text-sm' : 'text-sm sm:text-base',
            )}
          >
            {lesson.title}
          </Title>
        </div>
      </div>
      {compact ? null : (
        <p className="mt-1 line-clamp-2 text-sm break-words whitespace-pre-line opacity-90 md:line-clamp-3">
          {lesson.description}
        </p>
      )}
      {clashesWith.length > 0 ? (
        <Badge tone="red" className="mt-2">
          <AlertTriangle className="size-3" aria-hidden="true" />
          Clash
          <span className="sr-only">: overlaps with {clashesWith.join(', ')}</span>
        </Badge>
      ) : null}
      {readOnly ? null : (
        <div className="mt-1.5 flex items-center gap-1 md:mt-2 md:flex-wrap md:justify-end">
          <label htmlFor={moveId} className="sr-only">
            Move {lesson.title} to
          </label>
          <select
            id={moveId}
            value={lesson.day}
            onChange={(event) => onMove(lesson, event.target.value as LessonDay)}
            className="h-8 min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-1.5 text-xs text-slate-900 md:w-full md:flex-none"
          >
            {LESSON_DAYS.map((day) => (
              <option key={day} value={day}>
                {day === lesson.day ? `${day} (now)` : `Move to ${day}`}
              </option>
            ))}
          </select>
          {onEdit ? (
            <Button variant="ghost" size="icon" className="size-8" onClick={() => onEdit(lesson)}>
              <Pencil aria-hidden="true" />
              <span className="sr-only">Edit {lesson.title}</span>
            </Button>
          ) : null}
          {onDuplicate ? (
            <Button
              variant="ghost"
              size="icon"
              className="size-8"
              onClick={() => onDuplicate(lesson)}
            >
              <Copy aria-hidden="true" />
              <span className="sr-only">Duplicate {lesson.title}</span>
            </Button>
          ) : null}
          {onDelete ? (
            <Button variant="ghost" size="icon" className="size-8" onClick={() => onDelete(lesson)}>
              <Trash2 aria-hidden="true" />
              <span className="sr-only">Delete {lesson.title}</span>
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
