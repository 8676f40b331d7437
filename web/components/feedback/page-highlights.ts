import type { FeedbackEntry } from './feedback-entry';
import type { Highlight } from './highlights';

/** The highlights of one page, numbered by the item's place in the whole list. */
export function highlightsForPage(entries: FeedbackEntry[], pageNumber: number): Highlight[] {
  const highlights: Highlight[] = [];
  entries.forEach((entry, index) => {
    if (entry.pageNumber !== pageNumber) return;
    if (entry.startOffset == null || entry.endOffset == null) return;
    highlights.push({
      id: entry.id,
      number: index + 1,
      start: entry.startOffset,
      end: entry.endOffset,
    });
  });
  return highlights;
}
