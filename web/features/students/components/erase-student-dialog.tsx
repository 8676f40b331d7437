import type { Student } from '@contract/students';
import { FootprintSummary } from '@web/components/pupil-footprint';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { useEraseStudent, useStudentFootprint } from '../api/students';
import { failureToast } from './failure-toast';

interface EraseStudentDialogProps {
  student: Student | null;
  onClose: () => void;
  onErased?: () => void;
}

export function EraseStudentDialog({ student, onClose, onErased }: EraseStudentDialogProps) {
  const erase = useEraseStudent();
  const footprint = useStudentFootprint(student?.id ?? null);

  const description = (
    <span className="block space-y-2">
      <span className="block">
        This permanently erases {student?.displayName ?? 'this pupil'} and everything stored about
        them. Links you have shared stop working at once. This cannot be undone.
      </span>
      <FootprintSummary footprint={footprint} testId="erase-footprint" />
    </span>
  );

  return (
    <ConfirmDialog
      open={student !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Delete ${student?.displayName ?? 'pupil'}?`}
      description={description}
      confirmLabel="Delete Pupil and Data"
      pending={erase.isPending}
      onConfirm={(event) => {
        // Stay open until the server answers, so a failure can be read.
        event.preventDefault();
        if (!student) return;
        erase.mutate(student.id, {
          onSuccess: () => {
            toast({
              title: 'Student deleted',
              description: `${student.displayName} and their work have been erased.`,
            });
            onClose();
            onErased?.();
          },
          onError: (error) => failureToast('Error deleting student', error),
        });
      }}
    />
  );
}
