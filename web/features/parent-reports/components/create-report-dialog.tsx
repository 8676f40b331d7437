import type { ParentReport } from '@contract/parent-reports';
import type { ReportTemplate } from '@contract/report-templates';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { useEffect, useState } from 'react';
import { ReportForm } from './report-form';

interface CreateReportDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A draft to edit; otherwise a new report. */
  report?: ParentReport | null;
  template?: ReportTemplate | null;
}

export function CreateReportDialog({
  open,
  onOpenChange,
  report,
  template,
}: CreateReportDialogProps) {
  // Opening the dialog resets every field; a new key remounts the form (and its recorder).
  const [session, setSession] = useState(0);
  useEffect(() => {
    if (open) setSession((value) => value + 1);
  }, [open]);

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{report ? 'Edit Parent Report' : 'Create Parent Report'}</DialogTitle>
          <DialogDescription>
            Record what you want to tell the parent; the text is cleaned up for you to check, and
            can be turned into a video of you.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <ReportForm
            key={session}
            report={report ?? null}
            template={template ?? null}
            onClose={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
