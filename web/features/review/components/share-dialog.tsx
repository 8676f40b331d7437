import type { ShareFeedbackRequest, shareFeedbackFormSchema } from '@contract/sharing';
import { LinkCreated } from '@web/components/links/link-created';
import { Alert } from '@web/components/ui/alert';
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
import { Input } from '@web/components/ui/input';
import { toast } from '@web/components/ui/use-toast';
import { errorMessage } from '@web/lib/api';
import { lazyZodResolver } from '@web/lib/lazy-zod-resolver';
import { readPreferences } from '@web/lib/teacher-preferences';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type ShareResult, useShareFeedback } from '../api/sharing';

// The copied state resets after 2 seconds.
const _COPIED_RESET_MS = 2000;

interface ShareDialogProps {
  documentId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The pupil's name, to start the form with. */
  studentName: string;
}

type FormInput = z.input<typeof shareFeedbackFormSchema>;
type FormOutput = z.output<typeof shareFeedbackFormSchema>;

const shareResolver = lazyZodResolver<FormInput, FormOutput>(() =>
  import('@contract/sharing').then((module) => module.shareFeedbackFormSchema),
);

export function ShareDialog({ documentId, open, onOpenChange, studentName }: ShareDialogProps) {
  const share = useShareFeedback(documentId);
  const [result, setResult] = useState<ShareResult | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: shareResolver });

  // Each opening starts afresh, with the pupil's name and the teacher's defaults.
  useEffect(() => {
    if (!open) return;
    shareResolver.preload();
    const preferences = readPreferences();
    reset({
      studentName,
      studentEmail: '',
      expiryDays: preferences.shareExpiryDays,
      sendEmail: preferences.shareSendEmail,
    });
    setResult(null);
    share.reset();
  }, [open, studentName, reset, share.reset]);

  const onSubmit = handleSubmit((values) => {
    const body: ShareFeedbackRequest = values;
    share.mutate(body, {
      onSuccess: async (created) => {
        setResult(created);
        // "Document Shared" says the link has been copied, so it is, when the browser lets us.
        const copied = await navigator.clipboard
          ?.writeText(created.shareableLink)
          .then(() => true)
          .catch(() => false);
        toast({
          title: 'Document Shared',
          description: copied
            ? 'A link to the document has been copied to your clipboard.'
            : 'A link to the document has been created: copy it below.',
        });
      },
      onError: (error) =>
        toast({
          title: 'Error sharing document',
          description: errorMessage(error, 'There was an error creating the feedback link'),
          variant: 'destructive',
        }),
    });
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Feedback</DialogTitle>
          <DialogDescription>
            Create a link that shows this document with your feedback to the pupil or a parent.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <LinkCreated
            link={result.shareableLink}
            expiresAt={result.expiresAt}
            noun="Feedback"
            emailed={result.emailSent ? 'We have emailed it as well.' : null}
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {share.isError ? (
              <Alert tone="error">{errorMessage(share.error, 'An error occurred')}</Alert>
            ) : null}
            <FormField label="Student name" error={errors.studentName?.message}>
              {(field) => <Input {...field} autoComplete="off" {...register('studentName')} />}
            </FormField>
            <FormField
              label="Email (optional)"
              hint="The pupil's or a parent's address, if you want the link emailed."
              error={errors.studentEmail?.message}
            >
              {(field) => (
                <Input {...field} type="email" autoComplete="off" {...register('studentEmail')} />
              )}
            </FormField>
            <FormField label="Link expires after (days)" error={errors.expiryDays?.message}>
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  min={1}
                  max={90}
                  className="w-32"
                  {...register('expiryDays')}
                />
              )}
            </FormField>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-400 accent-indigo-600"
                {...register('sendEmail')}
              />
              Send email
            </label>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={share.isPending}>
                {share.isPending ? 'Creating link…' : 'Create Link'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
