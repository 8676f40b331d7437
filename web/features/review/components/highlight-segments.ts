import type { FeedbackItem } from '@contract/feedback';

/** One feedback item's stretch of a page, numbered as in the feedback list. */
export interface HighlightRange {
  id: number;
  number: number;
  start: number;
  end: number;
}

export type Piece =
  /** Text from `start`; `ids` are the highlights covering it, the shortest first. */
  | { kind: 'text'; start: number; text: string; ids: number[] }
  /** Where a highlight ends: its number is shown there. */
  | { kind: 'marker'; highlight: HighlightRange };

/** The highlights of one page; offsets the page does not hold are ignored, not trusted. */
export function highlightsOnPage(items: FeedbackItem[], pageNumber: number, pageText: string) {
  const ranges: HighlightRange[] = [];
  items.forEach((item, index) => {
    const { startOffset: start, endOffset: end } = item;
    if (item.pageNumber !== pageNumber || start == null || end == null) return;
    if (start < 0 || end <= start || end > pageText.length) return;
    ranges.push({ id: item.id, number: index + 1, start, end });
  });
  return ranges;
}

/**
 * Cuts the page at every highlight boundary. Overlapping highlights are both kept: each
 * piece lists every highlight covering it, and the shortest one owns it (so a small
 * comment inside a larger one stays clickable).
 */
export function segmentText(text: string, highlights: HighlightRange[]): Piece[] {
  if (highlights.length === 0) return text ? [{ kind: 'text', start: 0, text, ids: [] }] : [];
  const cuts = [...new Set([0, text.length, ...highlights.flatMap((h) => [h.start, h.end])])].sort(
    (a, b) => a - b,
  );
  const pieces: Piece[] = [];
  for (let i = 0; i < cuts.length - 1; i += 1) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const ids = highlights
      .filter((h) => h.start <= from && h.end >= to)
      .sort((a, b) => a.end - a.start - (b.end - b.start))
      .map((h) => h.id);
    pieces.push({ kind: 'text', start: from, text: text.slice(from, to), ids });
    for (const highlight of highlights
      .filter((h) => h.end === to)
      .sort((a, b) => a.number - b.number)) {
      pieces.push({ kind: 'marker', highlight });
    }
  }
  return pieces;
}
