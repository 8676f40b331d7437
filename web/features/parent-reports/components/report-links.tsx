import { LinkList } from '@web/components/links/link-list';
import { useReportLinks, useRevokeReportLink } from '../api/reports';

/** Who was sent this report, whether they opened it, and a way to stop the link. */
export function ReportLinks({ reportId }: { reportId: number }) {
  const links = useReportLinks(reportId);
  const revoke = useRevokeReportLink(reportId);
  if (links.isPending) return <p className="text-sm text-slate-600">Loading share links…</p>;
  if (links.isError) return <p className="text-sm text-red-700">{links.error.message}</p>;
  if (links.data.length === 0)
    return <p className="text-sm text-slate-600">This report has not been shared yet.</p>;
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <LinkList subject="this report" revoke={revoke} links={links.data} />
    </div>
  );
}
