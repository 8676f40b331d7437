import { Button } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { Activity } from 'lucide-react';
import { Link, useLocation } from 'wouter';

/**
 * Recent documents, lessons and reports. Those records arrive with their own features, so
 * for now the honest state is the empty one.
 */
export function RecentActivity() {
  const [, navigate] = useLocation();
  return (
    <section aria-labelledby="recent-activity-heading">
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
      <EmptyState
        icon={Activity}
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
    </section>
  );
}
