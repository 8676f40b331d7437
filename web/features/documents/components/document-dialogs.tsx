import type { DocumentSummary } from '@contract/documents';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { type FormEvent, useEffect, useState } from 'react';
import { useDeleteDocument, useRenameDocument } from '../api/documents';

interface TargetProps {
  doc: DocumentSummary | null;
  onClose: () => void;
}

/** Edit: renames a newly handed-in document (pupils sometimes give a vague title). */
export function RenameDocumentDialog({ doc, onClose }: TargetProps) {
  const rename = useRenameDocument();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (doc) {
      setTitle(doc.title);
      setError(undefined);
      rename.reset();
    }
  }, [doc, rename.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!doc) return;
    if (!title.trim()) {
      setError('Assignment title is required');
      return;
    }
    rename.mutate(
      { id: doc.id, title: title.trim() },
      {
        onSuccess: (updated) => {
          toast({ title: 'Document Updated', description: `Renamed to “${updated.title}”.` });
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open={doc !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit Document</DialogTitle>
          <DialogDescription>Change the title shown to you and to the pupil.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {rename.isError ? (
            <Alert tone="error">
              {errorMessage(rename.error, 'The document could not be renamed.')}
            </Alert>
          ) : null}
          <FormField label="Title" error={error}>
            {(field) => (
              <Input
                {...field}
                value={title}
                maxLength={200}
                onChange={(event) => {
                  setTitle(event.target.value);
                  setError(undefined);
                }}
              />
            )}
          </FormField>
          <DialogFooter>
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={rename.isPending}>
              {rename.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function DeleteDocumentDialog({ doc, onClose }: TargetProps) {
  const remove = useDeleteDocument();
  const confirm = (event: { preventDefault: () => void }) => {
    // Keep the dialog open until the server answers, so a failure can be read.
    event.preventDefault();
    if (!doc) return;
    remove.mutate(doc.id, {
      onSuccess: () => {
        toast({ title: 'Document Deleted', description: `“${doc.title}” has been deleted.` });
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Document not deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <ConfirmDialog
      open={doc !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete this document?"
      description={
        <>
          “{doc?.title}” will be removed with its feedback, recordings and share links. This cannot
          be undone.
        </>
      }
      pending={remove.isPending}
      onConfirm={confirm}
    />
  );
}
