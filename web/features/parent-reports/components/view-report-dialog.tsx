import type { ParentReport } from '@contract/parent-reports';
import { ReportVideo } from '@web/components/media/report-video';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Share2 } from 'lucide-react';
import { ReportLinks } from './report-links';

interface ViewReportDialogProps {
  report: ParentReport | null;
  onOpenChange: (open: boolean) => void;
  onShare: (report: ParentReport) => void;
}

export function ViewReportDialog({ report, onOpenChange, onShare }: ViewReportDialogProps) {
  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {report ? (
          <>
            <DialogHeader>
              <DialogTitle>Report for {report.studentName}</DialogTitle>
              <DialogDescription>
                {report.subjects}{' '}
                <Badge tone={report.status === 'sent' ? 'green' : 'yellow'}>
                  {report.status === 'sent' ? 'Sent' : 'Draft'}
                </Badge>
              </DialogDescription>
            </DialogHeader>
            {report.videoUrl ? (
              <ReportVideo videoUrl={report.videoUrl} captionsUrl={report.captionsUrl} />
            ) : (
              <p className="text-sm text-slate-600">No video has been made for this report.</p>
            )}
            <section aria-labelledby="view-report-text" className="space-y-1">
              <h3 id="view-report-text" className="text-sm font-semibold text-slate-900">
                Report
              </h3>
              <p className="text-sm whitespace-pre-wrap text-slate-800">{report.content}</p>
            </section>
            <section aria-labelledby="view-report-links" className="space-y-2">
              <h3 id="view-report-links" className="text-sm font-semibold text-slate-900">
                Share links
              </h3>
              <ReportLinks reportId={report.id} />
            </section>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Close
              </Button>
              <Button onClick={() => onShare(report)}>
                <Share2 aria-hidden="true" />
                Share with Parent
              </Button>
            </DialogFooter>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
