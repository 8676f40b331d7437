import type { Lesson } from '@contract/lesson-plans';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { type ReactNode, useState } from 'react';
import { useDeleteLesson, useDuplicateLesson } from '../api/lessons';
import { LessonDialog } from './lesson-dialog';

/** Edit, duplicate and delete for the cards of one plan, with the dialogs they open. */
export function useLessonActions(planId: number): {
  onEdit: (lesson: Lesson) => void;
  onDuplicate: (lesson: Lesson) => void;
  onDelete: (lesson: Lesson) => void;
  dialogs: ReactNode;
} {
  const [editing, setEditing] = useState<Lesson | null>(null);
  const [deleting, setDeleting] = useState<Lesson | null>(null);
  const duplicate = useDuplicateLesson();
  const remove = useDeleteLesson();

  const onDuplicate = (lesson: Lesson) =>
    duplicate.mutate(lesson.id, {
      onSuccess: () =>
        toast({
          title: 'Lesson Duplicated',
          description: `A copy of ${lesson.title} has been added to ${lesson.day}.`,
        }),
      onError: (error) =>
        toast({
          title: 'Error duplicating lesson',
          description: errorMessage(error, 'The lesson could not be duplicated.'),
          variant: 'destructive',
        }),
    });

  const confirmDelete = () => {
    const lesson = deleting;
    if (!lesson) return;
    remove.mutate(lesson.id, {
      onSuccess: () =>
        toast({ title: 'Lesson Deleted', description: `${lesson.title} has been removed.` }),
      onError: (error) =>
        toast({
          title: 'Error deleting lesson',
          description: errorMessage(error, 'The lesson could not be deleted.'),
          variant: 'destructive',
        }),
    });
  };

  const dialogs = (
    <>
      <LessonDialog
        planId={planId}
        lesson={editing ?? undefined}
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={`Delete ${deleting?.title ?? 'this lesson'}?`}
        description={`The lesson on ${deleting?.day ?? 'this day'} at ${deleting?.timeSlot ?? ''}, with its description, will be removed from this plan. This cannot be undone.`}
        confirmLabel="Delete Lesson"
        onConfirm={confirmDelete}
      />
    </>
  );

  return { onEdit: setEditing, onDuplicate, onDelete: setDeleting, dialogs };
}
