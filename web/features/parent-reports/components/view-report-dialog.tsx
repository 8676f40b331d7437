import type { ParentReport } from '@contract/parent-reports';
import { AvatarVideoPlayer } from '@web/components/media/avatar-video-player';
import { Alert } from '@web/components/ui/alert';
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
import { errorMessage } from '@web/lib/api';
import { Share2, Video } from 'lucide-react';
import { useMakeReportVideo, useReports } from '../api/reports';
import { ReportLinks } from './report-links';
import { SavedRecording } from './saved-recording';
import { useVideoSettled } from './use-video-settled';

interface ViewReportDialogProps {
  report: ParentReport | null;
  onOpenChange: (open: boolean) => void;
  onShare: (report: ParentReport) => void;
}

export function ViewReportDialog({ report, onOpenChange, onShare }: ViewReportDialogProps) {
  // The list's copy: it follows the video as it is made again and finishes.
  const reports = useReports();
  const current = reports.data?.find((row) => row.id === report?.id) ?? report;
  return (
    <Dialog open={report !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {current ? (
          <ReportView
            key={current.id}
            report={current}
            onClose={() => onOpenChange(false)}
            onShare={onShare}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportView({
  report,
  onClose,
  onShare,
}: {
  report: ParentReport;
  onClose: () => void;
  onShare: (report: ParentReport) => void;
}) {
  const make = useMakeReportVideo();
  const video = report.video;
  useVideoSettled(video?.renderId ?? null);
  const draft = report.status === 'draft';
  const typed = report.recordingUrl === null;
  return (
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
      <section aria-labelledby="view-report-video" className="space-y-2">
        <h3 id="view-report-video" className="text-sm font-semibold text-slate-900">
          Video
        </h3>
        {video ? (
          <AvatarVideoPlayer
            key={video.renderId}
            renderId={video.renderId}
            title={`Video report for ${report.studentName}`}
          />
        ) : (
          <p className="text-sm text-slate-600">
            No video has been made for this report
            {draft
              ? typed
                ? ': make one in the synthesized voice of your voice profile.'
                : ': make one from your recording.'
              : '.'}
          </p>
        )}
        {draft && video?.status === 'done' && video.textChanged ? (
          <Alert tone="warning">
            You changed the report's text after this video was made: its captions still show the
            earlier words. Make the video again to match.
          </Alert>
        ) : null}
        {make.isError ? (
          <Alert tone="error">{errorMessage(make.error, 'The video could not be started.')}</Alert>
        ) : null}
        {draft ? (
          <Button
            variant={video?.status === 'done' && !video.textChanged ? 'outline' : 'primary'}
            disabled={make.isPending}
            onClick={() => make.mutate({ id: report.id })}
          >
            <Video aria-hidden="true" />
            {make.isPending ? 'Starting…' : video ? 'Make Video Again' : 'Make Video'}
          </Button>
        ) : null}
      </section>
      {report.recordingUrl ? (
        <section aria-labelledby="view-report-recording" className="space-y-2">
          <h3 id="view-report-recording" className="text-sm font-semibold text-slate-900">
            Your recording
          </h3>
          <SavedRecording src={report.recordingUrl} canRecordAgain={false} />
        </section>
      ) : null}
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
        <Button variant="outline" onClick={onClose}>
          Close
        </Button>
        <Button onClick={() => onShare(report)}>
          <Share2 aria-hidden="true" />
          Share with Parent
        </Button>
      </DialogFooter>
    </>
  );
}
