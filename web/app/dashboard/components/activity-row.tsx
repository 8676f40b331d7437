import type { Activity, ActivityStatus } from '@contract/activity';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { formatRelativeTime } from '@web/lib/format';
import { CalendarDays, Eye, FileText, Pencil, Share2, Trash2, Video } from 'lucide-react';

export interface ActivityActions {
  onView: (activity: Activity) => void;
  onShare: (activity: Activity) => void;
  onEdit: (activity: Activity) => void;
  onDelete: (activity: Activity) => void;
}

const STATUS: Record<ActivityStatus, { label: string; tone: BadgeTone }> = {
  completed: { label: 'Completed', tone: 'green' },
  in_progress: { label: 'In Progress', tone: 'blue' },
  draft: { label: 'Draft', tone: 'yellow' },
};

const ICONS = { document: FileText, lesson: CalendarDays, report: Video } as const;

/** A row's actions: View and Share for non-drafts; Edit and Delete for drafts. */
export function ActivityRow({
  activity,
  actions,
}: {
  activity: Activity;
  actions: ActivityActions;
}) {
  const Icon = ICONS[activity.type];
  const status = STATUS[activity.status];
  const about = <span className="sr-only"> {activity.title}</span>;
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center">
      <span className="hidden size-9 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-700 sm:flex">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium text-slate-900">{activity.title}</span>
          <Badge tone={status.tone}>{status.label}</Badge>
        </p>
        <p className="truncate text-sm text-slate-700">{activity.description}</p>
        <p className="text-xs text-slate-600">
          <time dateTime={activity.date}>{formatRelativeTime(activity.date)}</time>
        </p>
      </div>
      <div className="flex flex-wrap gap-1">
        {activity.status === 'draft' ? (
          <>
            <Button size="sm" variant="ghost" onClick={() => actions.onEdit(activity)}>
              <Pencil aria-hidden="true" />
              Edit{about}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => actions.onDelete(activity)}
            >
              <Trash2 aria-hidden="true" />
              Delete{about}
            </Button>
          </>
        ) : (
          <>
            <Button size="sm" variant="ghost" onClick={() => actions.onView(activity)}>
              <Eye aria-hidden="true" />
              View{about}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => actions.onShare(activity)}>
              <Share2 aria-hidden="true" />
              Share{about}
            </Button>
          </>
        )}
      </div>
    </li>
  );
}
