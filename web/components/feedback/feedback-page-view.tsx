import { type PageHighlight, type PageSource, PageView } from '@web/components/page-view';
import { regionMarks, useRegionOverlay } from '@web/components/regions';
import { useMemo } from 'react';
import type { FeedbackEntry } from './feedback-entry';

interface FeedbackPageViewProps {
  source: PageSource;
  label: string;
  textPages: string[];
  entries: FeedbackEntry[];
  highlights: PageHighlight[];
  activeId: number | null;
  onSelect: (id: number) => void;
}

/**
 * The pupil's pages with the teacher's highlights and regions, as the shared link and the
 * pupil's own document show them. Loaded when the reader chooses the page view, so the
 * page (whose first view is the text) stays light (decision 0029).
 */
export function FeedbackPageView({
  source,
  label,
  textPages,
  entries,
  highlights,
  activeId,
  onSelect,
}: FeedbackPageViewProps) {
  const marks = useMemo(() => regionMarks(entries), [entries]);
  const renderRegions = useRegionOverlay({ marks, activeId, onMarkClick: onSelect });
  return (
    <PageView
      source={source}
      label={label}
      textPages={textPages}
      highlights={highlights}
      activeId={activeId}
      onHighlightClick={onSelect}
      renderPageOverlay={renderRegions}
    />
  );
}
