import type { Student } from '@contract/students';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { NativeSelect } from '@web/components/ui/native-select';
import { toast } from '@web/components/ui/use-toast';
import { type FormEvent, useEffect, useState } from 'react';
import { useMergeStudents } from '../api/students';
import { failureToast } from './failure-toast';

interface MergeStudentsDialogProps {
  /** The record that goes; its work moves to the one the teacher chooses. */
  student: Student | null;
  students: Student[];
  onClose: () => void;
}

const describe = (s: Student) => [s.displayName, s.yearGroup, s.email].filter(Boolean).join(' · ');

/** Two records of one child (a hand-in typed with other initials) become one. */
export function MergeStudentsDialog({ student, students, onClose }: MergeStudentsDialogProps) {
  const merge = useMergeStudents();
  const [intoId, setIntoId] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const others = students.filter((s) => s.id !== student?.id);
  const into = others.find((s) => String(s.id) === intoId);

  useEffect(() => {
    if (student) {
      setIntoId('');
      setConfirming(false);
      setError(undefined);
    }
  }, [student]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!student) return;
    if (!into) {
      setError('Choose the record to keep');
      return;
    }
    if (!confirming) {
      setConfirming(true);
      return;
    }
    merge.mutate(
      { fromId: student.id, intoId: into.id },
      {
        onSuccess: (result) => {
          toast({
            title: 'Students merged',
            description: `${result.movedDocuments} document(s) moved to ${result.student.displayName}.`,
          });
          onClose();
        },
        onError: (failure) => failureToast('Error merging students', failure),
      },
    );
  };

  return (
    <Dialog open={student !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Merge {student?.displayName}</DialogTitle>
          <DialogDescription>
            When one child has two records, move this record’s documents, feedback and reports to
            the record you keep. Details missing from the kept record are filled in from this one,
            then this record is removed.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          <FormField label="Record to keep" error={error}>
            {(control) => (
              <NativeSelect
                {...control}
                value={intoId}
                disabled={confirming}
                onChange={(event) => {
                  setIntoId(event.target.value);
                  setError(undefined);
                }}
              >
                <option value="">Choose a pupil</option>
                {others.map((s) => (
                  <option key={s.id} value={s.id}>
                    {describe(s)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          {confirming && into ? (
            <p
              role="alert"
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              Move everything from <strong>{student?.displayName}</strong> to{' '}
              <strong>{into.displayName}</strong> and remove the record of {student?.displayName}?
              This cannot be undone.
            </p>
          ) : null}
          <DialogFooter>
            <Button
              variant="outline"
              onClick={() => (confirming ? setConfirming(false) : onClose())}
            >
              {confirming ? 'Back' : 'Cancel'}
            </Button>
            <Button type="submit" disabled={merge.isPending}>
              {merge.isPending ? 'Merging…' : confirming ? 'Confirm Merge' : 'Merge'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
