import type { ParentReport, ShareReportResponse } from '@contract/parent-reports';
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
import { useVideoStatus } from '@web/lib/video-renders';
import { type FormEvent, useEffect, useState } from 'react';
import { useShareReport } from '../api/reports';
import { useStudents } from '../api/students';

interface ShareReportDialogProps {
  report: ParentReport | null;
  onOpenChange: (open: boolean) => void;
}

export function ShareReportDialog({ report, onOpenChange }: ShareReportDialogProps) {
  const share = useShareReport(report?.id ?? 0);
  const students = useStudents();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [expiryDays, setExpiryDays] = useState('14');
  const [sendEmail, setSendEmail] = useState(true);
  const [result, setResult] = useState<ShareReportResponse | null>(null);
  const pupil = students.data?.find((student) => student.id === report?.studentId);
  // The video as it is now, not as the list last read it.
  const live = useVideoStatus(
    report?.video && report.video.status !== 'done' ? report.video.renderId : null,
  ).data;
  const videoStatus = live?.status ?? report?.video?.status ?? null;

  // Each opening starts afresh, addressed to the pupil's parent from the directory.
  useEffect(() => {
    if (!report) return;
    setEmail(pupil?.parentEmail ?? '');
    setName(pupil?.parentName ?? '');
    setExpiryDays('14');
    setSendEmail(true);
    setResult(null);
    share.reset();
  }, [report, pupil?.parentEmail, pupil?.parentName, share.reset]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate(
      {
        recipientEmail: email.trim() || null,
        recipientName: name.trim() || null,
        expiryDays: Number(expiryDays),
        sendEmail,
      },
      {
        onSuccess: (created) => {
          setResult(created);
          toast({ title: 'Report Shared', description: 'A link to the report has been created.' });
        },
      },
    );
  };

  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Report</DialogTitle>
          <DialogDescription>
            Send {report?.studentName ?? 'the pupil'}'s parent a private link to this report.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <LinkCreated
            link={result.shareableLink}
            expiresAt={result.expiresAt}
            noun="Report"
            emailed={
              result.emailSent && result.recipientEmail
                ? `We have emailed it to ${result.recipientEmail}.`
                : null
            }
            onDone={() => onOpenChange(false)}
          />
        ) : (
          <form onSubmit={submit} noValidate className="space-y-4">
            <NoVideoWarning
              status={videoStatus}
              draft={report?.status === 'draft'}
              textChanged={report?.video?.textChanged ?? false}
            />
            {share.isError ? (
              <Alert tone="error">
                {errorMessage(share.error, 'The report could not be shared.')}
              </Alert>
            ) : null}
            <FormField
              label="Recipient email"
              hint="The parent's address from your pupil directory."
            >
              {(field) => (
                <Input
                  {...field}
                  type="email"
                  autoComplete="off"
                  value={email}
                  onChange={(event) => setEmail(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Recipient name">
              {(field) => (
                <Input
                  {...field}
                  autoComplete="off"
                  value={name}
                  maxLength={120}
                  onChange={(event) => setName(event.target.value)}
                />
              )}
            </FormField>
            <FormField label="Link expires after (days)">
              {(field) => (
                <Input
                  {...field}
                  type="number"
                  min={1}
                  max={90}
                  className="w-32"
                  value={expiryDays}
                  onChange={(event) => setExpiryDays(event.target.value)}
                />
              )}
            </FormField>
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-4 rounded border-slate-400 accent-indigo-600"
                checked={sendEmail}
                onChange={(event) => setSendEmail(event.target.checked)}
              />
              Send email
            </label>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={share.isPending}>
                {share.isPending ? 'Sharing…' : 'Share Report'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

/**
 * Said before a report without a finished video is sent: the parent's e-mail and page then
 * offer the written report alone.
 */
function NoVideoWarning({
  status,
  draft,
  textChanged,
}: {
  status: 'queued' | 'rendering' | 'done' | 'failed' | null;
  draft: boolean;
  textChanged: boolean;
}) {
  if (status === 'done') {
    return textChanged ? (
      <Alert tone="warning">
        You changed the report's text after its video was made: the video's captions show the
        earlier words. Make the video again from View to match.
      </Alert>
    ) : null;
  }
  const message =
    status === 'queued' || status === 'rendering'
      ? "This report's video is still being made. If you share now, the e-mail tells the parent about a written report; the video appears on their page once it is ready."
      : status === 'failed'
        ? `This report's video could not be made. The parent will get the written report only${draft ? ': make the video again from View first to send it.' : '.'}`
        : `This report has no video yet. The parent will get the written report only${draft ? ': make a video from View first to send one.' : '.'}`;
  return <Alert tone="warning">{message}</Alert>;
}
