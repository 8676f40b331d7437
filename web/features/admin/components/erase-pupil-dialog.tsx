import type { AdminPupil } from '@contract/admin';
import { FootprintSummary } from '@web/components/pupil-footprint';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { useAdminErasePupil, useAdminPupilFootprint } from '../api/admin-pupils';

interface ErasePupilDialogProps {
  teacherId: number;
  teacherName: string;
  pupil: AdminPupil | null;
  onClose: () => void;
  onErased: () => void;
}

/** The administrator's erase: the confirmation names what goes, in counts, before it goes. */
export function ErasePupilDialog({
  teacherId,
  teacherName,
  pupil,
  onClose,
  onErased,
}: ErasePupilDialogProps) {
  const erase = useAdminErasePupil(teacherId);
  const footprint = useAdminPupilFootprint(teacherId, pupil?.id ?? null);
  const name = pupil?.displayName ?? 'this pupil';

  const description = (
    <span className="block space-y-2">
      <span className="block">
        This permanently erases {name}, a pupil of {teacherName}, and everything stored about them.
        Links the teacher has shared stop working at once. This cannot be undone.
      </span>
      <FootprintSummary footprint={footprint} testId="admin-erase-footprint" />
    </span>
  );

  return (
    <ConfirmDialog
      open={pupil !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Erase ${name}?`}
      description={description}
      confirmLabel="Erase Pupil and Data"
      pendingLabel="Erasing…"
      pending={erase.isPending}
      onConfirm={(event) => {
        // Stay open until the server answers, so a failure can be read.
        event.preventDefault();
        if (!pupil) return;
        erase.mutate(pupil.id, {
          onSuccess: () => {
            toast({
              title: 'Pupil erased',
              description: `${pupil.displayName} and their work have been erased.`,
            });
            onClose();
            onErased();
          },
          onError: (error) =>
            toast({
              title: 'Error erasing pupil',
              description: errorMessage(error, 'Please try again.'),
              variant: 'destructive',
            }),
        });
      }}
    />
  );
}
