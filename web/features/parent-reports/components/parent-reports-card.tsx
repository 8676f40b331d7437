import { buttonClasses } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { useReports } from '../api/reports';
import { RecentReportsList } from './recent-reports';
import { ReportDialogs, useReportDialogs } from './report-dialogs';

/** The dashboard's embedded parent reports: the recent list with its actions, and a way in. */
export function ParentReportsCard() {
  const reports = useReports();
  const dialogs = useReportDialogs();
  return (
    <Card className="mt-6">
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Parent Reports</CardTitle>
        <Link
          href="/teacher/parent-reports"
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          Create New Report
          <ArrowRight aria-hidden="true" />
        </Link>
      </CardHeader>
      <CardContent className="px-0 pb-2">
        {reports.isPending ? (
          <p className="px-5 pb-4 text-sm text-slate-600" role="status">
            Loading reports…
          </p>
        ) : reports.isError ? (
          <p className="px-5 pb-4 text-sm text-red-700" role="alert">
            {reports.error.message}
          </p>
        ) : (
          <RecentReportsList
            reports={reports.data.slice(0, 5)}
            actions={dialogs.actions}
            label="Recent parent reports"
          />
        )}
      </CardContent>
      <ReportDialogs dialogs={dialogs} />
    </Card>
  );
}
