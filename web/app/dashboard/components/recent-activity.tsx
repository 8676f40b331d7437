import type { Activity } from '@contract/activity';
import type { ParentReport } from '@contract/parent-reports';
import { Alert } from '@web/components/ui/alert';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DeferredConfirmDialog } from '@web/components/ui/deferred-confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { toast } from '@web/components/ui/use-toast';
import { useDeleteLessonPlan } from '@web/features/lesson-planner';
import { ReportDialogs, useReportDialogs, useReports } from '@web/features/parent-reports';
import { errorMessage } from '@web/lib/api';
import { Activity as ActivityIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useRecentActivity } from '../api/activity';
import { type ActivityActions, ActivityRow } from './activity-row';

/**
 * The teacher's latest hand-ins, shared feedback, lesson plans and parent reports. Each
 * action opens the real record: documents on the review screen (its share dialog for
 * Share), reports in the parent-reports dialogs, plans in the planner.
 */
export function RecentActivity() {
  const [, navigate] = useLocation();
  const activity = useRecentActivity();
  const reports = useReports();
  const reportDialogs = useReportDialogs();
  const deletePlan = useDeleteLessonPlan();
  const [deletingPlan, setDeletingPlan] = useState<Activity | null>(null);

  // The report rows need the full report; the list is the one the reports card reads.
  const withReport = (item: Activity, open: (report: ParentReport) => void) => {
    const found = reports.data?.find((report) => report.id === item.targetId);
    if (found) open(found);
    else toast({ title: 'Report not found', description: 'It may have been deleted.' });
  };

  const actions: ActivityActions = {
    onView: (item) =>
      item.type === 'report'
        ? withReport(item, reportDialogs.actions.onView)
        : navigate(`/teacher/document/${item.targetId}`),
    onShare: (item) =>
      item.type === 'report'
        ? withReport(item, reportDialogs.actions.onShare)
        : navigate(`/teacher/document/${item.targetId}?share=1`),
    // Edit goes to the lesson planner for lessons, to parent reports otherwise.
    onEdit: (item) =>
      navigate(
        item.type === 'lesson'
          ? `/teacher/lesson-planner?plan=${item.targetId}`
          : `/teacher/parent-reports?edit=${item.targetId}`,
      ),
    onDelete: (item) =>
      item.type === 'lesson'
        ? setDeletingPlan(item)
        : withReport(item, reportDialogs.actions.onDelete),
  };

  const confirmPlanDelete = () => {
    if (!deletingPlan) return;
    deletePlan.mutate(deletingPlan.targetId, {
      onSuccess: () =>
        toast({
          title: 'Lesson plan deleted',
          description: `“${deletingPlan.title}” was deleted.`,
        }),
      onError: (error) =>
        toast({
          title: 'Lesson plan not deleted',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
      onSettled: () => setDeletingPlan(null),
    });
  };

  let body: ReactNode;
  if (activity.isPending) {
    body = (
      <p role="status" className="px-5 py-6 text-sm text-slate-600">
        Loading recent activity…
      </p>
    );
  } else if (activity.isError) {
    body = (
      <div className="p-5">
        <Alert tone="error">
          {errorMessage(activity.error, 'Recent activity could not be loaded.')}
        </Alert>
      </div>
    );
  } else if (activity.data.length === 0) {
    body = (
      <EmptyState
        icon={ActivityIcon}
        headingLevel="h3"
        title="No Recent Activity"
        description="Documents you review, lessons you plan and reports you create will show up here."
        actions={
          <>
            <Button onClick={() => navigate('/teacher/documents')}>Create Document</Button>
            <Button variant="outline" onClick={() => navigate('/teacher/lesson-planner')}>
              Plan Lessons
            </Button>
          </>
        }
      />
    );
  } else {
    body = (
      <Card>
        <ul aria-label="Recent activity" className="divide-y divide-slate-100">
          {activity.data.map((item) => (
            <ActivityRow key={item.id} activity={item} actions={actions} />
          ))}
        </ul>
      </Card>
    );
  }

  return (
    <section aria-labelledby="recent-activity-heading" className="mb-8">
      <div className="mb-3 flex items-center justify-between">
        <h2 id="recent-activity-heading" className="text-lg font-semibold text-slate-900">
          Recent Activity
        </h2>
        <Link
          href="/teacher/documents"
          className="text-sm font-medium text-indigo-700 hover:underline"
        >
          View All
        </Link>
      </div>
      {body}
      <ReportDialogs dialogs={reportDialogs} />
      <DeferredConfirmDialog
        open={deletingPlan !== null}
        onOpenChange={(open) => (open ? null : setDeletingPlan(null))}
        title="Delete this lesson plan?"
        description={`“${deletingPlan?.title ?? ''}” and all its lessons will be deleted. This cannot be undone.`}
        pending={deletePlan.isPending}
        onConfirm={(event) => {
          event.preventDefault();
          confirmPlanDelete();
        }}
      />
    </section>
  );
}
