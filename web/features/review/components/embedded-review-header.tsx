import type { DocumentSummary } from '@contract/documents';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClasses } from '@web/components/ui/button';
import { ArrowRight, Share2 } from 'lucide-react';
import { Link } from 'wouter';

/** The dashboard's review header: which document, share it, or open the full review. */
export function EmbeddedReviewHeader({
  doc,
  onShare,
}: {
  doc: DocumentSummary;
  onShare: () => void;
}) {
  return (
    <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0">
        <h3 className="truncate text-base font-semibold text-slate-900">{doc.title}</h3>
        <p className="mt-1 flex flex-wrap items-center gap-2">
          <Badge tone="indigo">by {doc.author}</Badge>
          {doc.status === 'shared' ? <Badge>Shared</Badge> : null}
          {doc.status === 'reviewed' ? <Badge tone="green">Reviewed</Badge> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onShare}>
          <Share2 aria-hidden="true" />
          Share Document
        </Button>
        <Link
          href={`/teacher/document/${doc.id}`}
          className={buttonClasses({ variant: 'outline', size: 'sm' })}
        >
          Open Full Review
          <ArrowRight aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
