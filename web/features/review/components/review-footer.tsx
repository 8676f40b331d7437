import type { DocumentSummary } from '@contract/documents';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { CheckCheck, CircleCheck, RotateCcw, Save, Share2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { PublicationStatus } from './publication-status';

interface ReviewFooterProps {
  doc: DocumentSummary;
  count: number;
  reviewed: boolean;
  busy: boolean;
  onSaveDraft: () => void;
  onShare: () => void;
  onMarkReviewed: () => void;
  onReopen: () => void;
}

export function ReviewFooter({
  doc,
  count,
  reviewed,
  busy,
  onSaveDraft,
  onShare,
  onMarkReviewed,
  onReopen,
}: ReviewFooterProps) {
  // The button pressed goes away with the state it changed: keyboard focus moves to the
  // button now in its place instead of falling back to the top of the page.
  // The reopened state and the end of "busy" arrive in either order, and a disabled button
  // takes no focus: focus moves once the new button is there and enabled.
  const reopenRef = useRef<HTMLButtonElement>(null);
  const reviewRef = useRef<HTMLButtonElement>(null);
  const focusMarkReviewed = useRef(false);
  useEffect(() => {
    if (!focusMarkReviewed.current || reviewed || busy) return;
    focusMarkReviewed.current = false;
    reviewRef.current?.focus();
  }, [reviewed, busy]);
  const pressed = () => {
    focusMarkReviewed.current = reopenRef.current === document.activeElement;
  };

  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 md:shadow-lg">
      <div className="space-y-1">
        <p className="text-sm font-medium text-slate-700">
          {count} feedback {count === 1 ? 'item' : 'items'}
        </p>
        <PublicationStatus doc={doc} />
      </div>
      {reviewed ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge tone="green" className="px-3 py-1 text-sm">
            <CircleCheck className="size-4" aria-hidden="true" />
            Reviewed
          </Badge>
          <Button
            ref={reopenRef}
            onClick={() => {
              pressed();
              onReopen();
            }}
            disabled={busy}
          >
            <RotateCcw aria-hidden="true" />
            {busy ? 'Reopening…' : 'Reopen for feedback'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={onSaveDraft} disabled={busy}>
            <Save aria-hidden="true" />
            Save Draft
          </Button>
          <Button variant="outline" onClick={onShare}>
            <Share2 aria-hidden="true" />
            Share with Student
          </Button>
          <Button ref={reviewRef} onClick={onMarkReviewed} disabled={busy}>
            <CheckCheck aria-hidden="true" />
            Mark as Reviewed
          </Button>
        </div>
      )}
    </Card>
  );
}
