import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { CheckCheck, CircleCheck, Save, Share2 } from 'lucide-react';

interface ReviewFooterProps {
  count: number;
  reviewed: boolean;
  busy: boolean;
  onSaveDraft: () => void;
  onShare: () => void;
  onMarkReviewed: () => void;
}

export function ReviewFooter({
  count,
  reviewed,
  busy,
  onSaveDraft,
  onShare,
  onMarkReviewed,
}: ReviewFooterProps) {
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 md:shadow-lg">
      <p className="text-sm font-medium text-slate-700">
        {count} feedback {count === 1 ? 'item' : 'items'}
      </p>
      {reviewed ? (
        <Badge tone="green" className="px-3 py-1 text-sm">
          <CircleCheck className="size-4" aria-hidden="true" />
          Reviewed
        </Badge>
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
          <Button onClick={onMarkReviewed} disabled={busy}>
            <CheckCheck aria-hidden="true" />
            Mark as Reviewed
          </Button>
        </div>
      )}
    </Card>
  );
}
