import { ACCEPTED_UPLOAD_EXTENSIONS, MAX_UPLOAD_MB } from '@contract/field-rules';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@web/components/ui/dialog';
import { FormField } from '@web/components/ui/form-field';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { Progress } from '@web/components/ui/progress';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { Upload } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { usePupilChoices, useUploadAssignment } from '../api/documents';

const ACCEPT = ACCEPTED_UPLOAD_EXTENSIONS.join(',');

function fileProblem(file: File | null): string | undefined {
  if (!file) return 'Please upload your file';
  const extension = file.name.slice(file.name.lastIndexOf('.')).toLowerCase();
  if (!(ACCEPTED_UPLOAD_EXTENSIONS as readonly string[]).includes(extension)) {
    return 'Choose a PDF, Word document or a JPG or PNG picture.';
  }
  // The server checks too; this saves sending 20 MB only to be told.
  if (file.size > MAX_UPLOAD_MB * 1024 * 1024)
    return `The file is larger than ${MAX_UPLOAD_MB} MB.`;
  return undefined;
}

const byName = (a: { displayName: string }, b: { displayName: string }) =>
  a.displayName.localeCompare(b.displayName, undefined, { sensitivity: 'base' });

/**
 * A teacher adds work handed in on paper or by e-mail: a title, the file, and whose work it
 * is, so a scanned worksheet reaches the pupil's documents and marked work like a hand-in.
 */
export function UploadAssignmentDialog() {
  const upload = useUploadAssignment();
  const [open, setOpen] = useState(false);
  const pupils = usePupilChoices(open);
  const [studentId, setStudentId] = useState('');
  const [title, setTitle] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ title?: string; file?: string }>({});
  const [progress, setProgress] = useState(0);

  const reset = () => {
    setTitle('');
    setStudentId('');
    setFile(null);
    setErrors({});
    setProgress(0);
    upload.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = {
      title: title.trim() ? undefined : 'Assignment title is required',
      file: fileProblem(file),
    };
    setErrors(next);
    if (next.title || next.file || !file) return;
    upload.mutate(
      {
        title: title.trim(),
        file,
        studentId: studentId ? Number(studentId) : null,
        onProgress: setProgress,
      },
      {
        onSuccess: (doc) => {
          toast({
            title: 'Assignment Uploaded',
            description: `“${doc.title}” is in your documents.`,
          });
          setOpen(false);
          reset();
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (upload.isPending) return;
        setOpen(next);
        if (!next) reset();
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <Upload aria-hidden="true" />
          Upload Assignment
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Upload Assignment</DialogTitle>
          <DialogDescription>
            Add work that reached you another way, for example scanned from paper.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="space-y-4">
          {upload.isError ? (
            <Alert tone="error">
              {errorMessage(
                upload.error,
                'There was a problem uploading your file. Please try again.',
              )}
            </Alert>
          ) : null}
          <FormField label="Assignment title" error={errors.title}>
            {(field) => (
              <Input
                {...field}
                value={title}
                maxLength={200}
                onChange={(event) => setTitle(event.target.value)}
              />
            )}
          </FormField>
          <FormField
            label="Pupil"
            hint={
              pupils.isError
                ? 'Your pupils could not be loaded; the work can still be uploaded without one.'
                : 'The work shows in this pupil’s documents and, once marked, in their View Marked Work.'
            }
          >
            {(field) => (
              <NativeSelect
                {...field}
                value={studentId}
                disabled={pupils.isPending}
                onChange={(event) => setStudentId(event.target.value)}
              >
                <option value="">
                  {pupils.isPending ? 'Loading your pupils…' : 'No pupil (unassigned)'}
                </option>
                {[...(pupils.data ?? [])].sort(byName).map((pupil) => (
                  <option key={pupil.id} value={pupil.id}>
                    {pupil.displayName}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField
            label="File"
            hint={`PDF, Word (.doc, .docx), JPG or PNG. Maximum file size ${MAX_UPLOAD_MB} MB.`}
            error={errors.file}
          >
            {(field) => (
              <Input
                {...field}
                type="file"
                accept={ACCEPT}
                className="h-auto py-2 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-50 file:px-3 file:py-1 file:text-sm file:font-medium file:text-indigo-700"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            )}
          </FormField>
          {upload.isPending ? <Progress value={progress} label="Upload progress" /> : null}
          <DialogFooter>
            <Button
              variant="outline"
              disabled={upload.isPending}
              onClick={() => {
                setOpen(false);
                reset();
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={upload.isPending}>
              {upload.isPending ? 'Uploading…' : 'Upload'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
