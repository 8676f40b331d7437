import type { ParentReport } from '@contract/parent-reports';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatShortDate } from '@web/lib/format';
import { Eye, FileText, Pencil, Share2, Trash2 } from 'lucide-react';

export interface ReportActions {
  onView: (report: ParentReport) => void;
  onEdit: (report: ParentReport) => void;
  onShare: (report: ParentReport) => void;
  onDelete: (report: ParentReport) => void;
}

/** Sent reports offer View and Share; drafts View, Edit and Delete. */
export function ReportRow({ report, actions }: { report: ParentReport; actions: ReportActions }) {
  const sent = report.status === 'sent';
  const date = formatShortDate(report.date);
  const who = report.studentName;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{who}</span>
          <Badge tone={sent ? 'green' : 'yellow'}>{sent ? 'Sent' : 'Draft'}</Badge>
        </p>
        <p className="truncate text-sm text-slate-700">{report.subjects}</p>
        <p className="text-xs text-slate-600">{sent ? `Sent ${date}` : `Last edited ${date}`}</p>
      </div>
      <div className="flex flex-wrap gap-1">
        <Button size="sm" variant="ghost" onClick={() => actions.onView(report)}>
          <Eye aria-hidden="true" />
          View<span className="sr-only"> report for {who}</span>
        </Button>
        {sent ? (
          <Button size="sm" variant="ghost" onClick={() => actions.onShare(report)}>
            <Share2 aria-hidden="true" />
            Share<span className="sr-only"> report for {who}</span>
          </Button>
        ) : (
          <>
            <Button size="sm" variant="ghost" onClick={() => actions.onEdit(report)}>
              <Pencil aria-hidden="true" />
              Edit<span className="sr-only"> report for {who}</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => actions.onDelete(report)}
            >
              <Trash2 aria-hidden="true" />
              Delete<span className="sr-only"> report for {who}</span>
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

export function RecentReportsList({
  reports,
  actions,
  label = 'Recent reports',
}: {
  reports: ParentReport[];
  actions: ReportActions;
  label?: string;
}) {
  if (reports.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
        <FileText className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">No reports yet</p>
        <p className="text-sm text-slate-600">
          Reports you record for parents appear here, as drafts or once sent.
        </p>
      </div>
    );
  }
  return (
    // The list is capped at 400 px; it scrolls, and takes focus so keys can scroll it.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
    <section aria-label={label} tabIndex={0} className="max-h-[400px] overflow-y-auto">
      <ul className="divide-y divide-slate-200">
        {reports.map((report) => (
          <ReportRow key={report.id} report={report} actions={actions} />
        ))}
      </ul>
    </section>
  );
}
