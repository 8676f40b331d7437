import type { DocumentSummary } from '@contract/documents';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { buttonClasses } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Eye, FileText } from 'lucide-react';
import { Link } from 'wouter';

// The statuses as the documents list shows them.
const STATUS: Record<string, { label: string; tone: BadgeTone }> = {
  new: { label: 'NEW', tone: 'blue' },
  'under review': { label: 'Under Review', tone: 'yellow' },
  reviewed: { label: 'Reviewed', tone: 'green' },
  shared: { label: 'Shared', tone: 'neutral' },
};

/** A pupil's hand-ins, newest first, each opening the review page. */
export function PupilDocumentList({ documents }: { documents: DocumentSummary[] }) {
  return (
    <Card>
      <h2 className="sr-only">Documents</h2>
      <ul className="divide-y divide-slate-200">
        {documents.map((doc) => {
          const status = STATUS[doc.status.trim().toLowerCase()] ?? {
            label: 'Unknown',
            tone: 'neutral' as const,
          };
          return (
            <li key={doc.id} className="flex items-center gap-3 px-4 py-4 sm:gap-4 sm:px-5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-700">
                <FileText className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <h3 className="truncate text-sm font-semibold text-slate-900 sm:text-base">
                    {doc.title}
                  </h3>
                  <Badge tone={status.tone}>{status.label}</Badge>
                </div>
                <p className="mt-0.5 text-sm text-slate-600">
                  Handed in {new Date(doc.createdAt).toLocaleDateString('en-GB')} ·{' '}
                  {doc.feedbackCount === 1
                    ? '1 feedback item'
                    : `${doc.feedbackCount} feedback items`}
                </p>
              </div>
              <Link
                href={`/teacher/document/${doc.uniqueId}`}
                aria-label={`View ${doc.title}`}
                className={buttonClasses({ variant: 'outline', size: 'sm' })}
              >
                <Eye aria-hidden="true" />
                View
              </Link>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
