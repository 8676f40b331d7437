import type { Assignment } from '@contract/pupil-portal';
import { FeedbackCard } from '@web/components/feedback/feedback-card';
import { MarkSummary } from '@web/components/feedback/mark-summary';
import { Badge } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { formatDateGb } from '@web/lib/format-time';
import { CircleCheck, Clock, ExternalLink, Paperclip } from 'lucide-react';

/** One handed-in piece of work with its status and, once marked, the teacher's feedback. */
export function AssignmentCard({ assignment }: { assignment: Assignment }) {
  const reviewed = assignment.status === 'reviewed';
  const headingId = `assignment-${assignment.id}`;
  // Described, not named: the links stay "Open" and "Original file" for speech and tests.
  const newTabId = `${headingId}-new-tab`;
  return (
    <Card className="p-5 sm:p-6">
      <article aria-labelledby={headingId}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
              {assignment.title}
            </h2>
            <p className="mt-0.5 text-sm text-slate-600">
              Handed in{' '}
              <time dateTime={assignment.submittedAt}>{formatDateGb(assignment.submittedAt)}</time>
            </p>
          </div>
          {reviewed ? (
            <Badge tone="green">
              <CircleCheck className="size-3.5" aria-hidden="true" />
              Reviewed
            </Badge>
          ) : (
            <Badge tone="yellow">
              <Clock className="size-3.5" aria-hidden="true" />
              Awaiting review
            </Badge>
          )}
        </div>

        <span id={newTabId} hidden>
          Opens in a new tab
        </span>
        <div className="mt-4 flex flex-wrap gap-2">
          <a
            href={assignment.documentUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${headingId} ${newTabId}`}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <ExternalLink aria-hidden="true" />
            Open
          </a>
          <a
            href={assignment.fileUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-describedby={`${headingId} ${newTabId}`}
            className={buttonClasses({ variant: 'outline', size: 'sm' })}
          >
            <Paperclip aria-hidden="true" />
            Original file
          </a>
        </div>

        <div className="mt-5 border-t border-slate-200 pt-4">
          {reviewed ? (
            <MarkSummary mark={assignment.mark} headingLevel="h3" className="mb-4" />
          ) : null}
          {!reviewed ? (
            <p className="text-sm text-slate-700">
              Your teacher hasn&apos;t marked this yet. Check back later.
            </p>
          ) : assignment.feedback.length === 0 ? (
            <p className="text-sm text-slate-700">Your teacher has marked this work.</p>
          ) : (
            <>
              <h3 className="mb-3 text-sm font-semibold text-slate-900">
                Feedback ({assignment.feedback.length})
              </h3>
              <ul className="space-y-3">
                {assignment.feedback.map((item) => (
                  <li key={item.id}>
                    <FeedbackCard
                      entry={item}
                      clipId={`assignment-${assignment.id}-feedback-${item.id}`}
                      headingLevel="h4"
                    />
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </article>
    </Card>
  );
}
