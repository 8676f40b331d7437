import type { Lesson, LessonDay } from '@contract/lesson-plans';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useUpdateLesson } from '../api/lessons';

/** Server messages are short phrases ("Lesson not found"); a toast reads them as a sentence. */
export const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);

/** Moves a lesson to another day: shown at once, put back with a toast if the server refuses. */
export function useMoveLesson(planId: number) {
  const update = useUpdateLesson(planId);
  return (lesson: Lesson, day: LessonDay) => {
    if (lesson.day === day) return;
    update.mutate(
      { lessonId: lesson.id, change: { day } },
      {
        onSuccess: () =>
          toast({ title: 'Lesson Moved', description: `${lesson.title} moved to ${day}` }),
        onError: (error) =>
          toast({
            title: 'Could not move the lesson',
            description: `${sentence(errorMessage(error, 'The lesson could not be moved.'))} ${lesson.title} is back on ${lesson.day}.`,
            variant: 'destructive',
          }),
      },
    );
  };
}
