import type { DocumentSummary } from '@contract/documents';
import type { FeedbackItem } from '@contract/feedback';
import { PageView, type PageViewProps, pageHighlights } from '@web/components/page-view';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useMemo } from 'react';
import type { TextSelection } from '../hooks/text-offsets';

interface DocumentPagePanelProps {
  doc: DocumentSummary;
  kind: 'pdf' | 'image';
  textPages: string[];
  items: FeedbackItem[];
  activeId: number | null;
  selection: TextSelection | null;
  selectable: boolean;
  onSelect: (selection: TextSelection) => void;
  onHighlightClick: (id: number) => void;
  onJumpToComposer: () => void;
  /** Regions drawn over the pages (and, for the teacher, a way to mark new ones). */
  renderPageOverlay?: PageViewProps['renderPageOverlay'];
}

/** The review's page view: the pupil's file as handed in, marked where the feedback is. */
export function DocumentPagePanel({
  doc,
  kind,
  textPages,
  items,
  activeId,
  selection,
  selectable,
  onSelect,
  onHighlightClick,
  onJumpToComposer,
  renderPageOverlay,
}: DocumentPagePanelProps) {
  const highlights = useMemo(() => pageHighlights(items), [items]);
  const canSelect = selectable && kind === 'pdf' && textPages.length > 0;
  return (
    <Card className="flex w-full min-w-0 flex-col self-start overflow-hidden">
      <h2 className="sr-only">Pages as handed in</h2>
      <PageView
        source={{ kind, url: `/api/documents/${doc.id}/original` }}
        label={`Pages of ${doc.title}`}
        textPages={textPages}
        highlights={highlights}
        activeId={activeId}
        selection={selection}
        onSelect={canSelect ? onSelect : undefined}
        onHighlightClick={onHighlightClick}
        renderPageOverlay={renderPageOverlay}
      />
      {canSelect && selection ? (
        <div className="border-t border-slate-200 px-5 py-3 lg:hidden">
          <Button size="sm" onClick={onJumpToComposer}>
            Add feedback to the selected passage
          </Button>
        </div>
      ) : null}
      {canSelect ? (
        <p className="border-t border-slate-200 px-5 py-2 text-xs text-slate-600">
          Select words on the page to add feedback; it is the same passage in the Text view. To
          select with the keyboard, use the Text view.
        </p>
      ) : null}
    </Card>
  );
}
