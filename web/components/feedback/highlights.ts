/** A stretch of one page's text that a feedback item points at. */
export interface Highlight {
  id: number;
  /** 1-based position in the document's feedback list: what the reader sees. */
  number: number;
  start: number;
  end: number;
}

export interface TextSegment {
  text: string;
  /** The feedback this piece belongs to (the innermost one where highlights overlap). */
  highlightId: number | null;
  /** Every highlight covering this piece, so a selected one lights up in full. */
  coveredBy: number[];
  /** Set on the last piece of a highlight, where its number is shown. */
  endsHighlight: Highlight | null;
}

/**
 * Cuts a page into plain and highlighted pieces. Offsets come from the server relative to
 * the page; ones that fall outside the text are ignored rather than trusted. Overlapping
 * highlights are split at every boundary, each piece going to the shortest one covering it,
 * so a small comment inside a larger one stays clickable.
 */
export function segmentPage(text: string, highlights: Highlight[]): TextSegment[] {
  const valid = highlights.filter(
    (h) =>
      Number.isInteger(h.start) &&
      Number.isInteger(h.end) &&
      h.start >= 0 &&
      h.end > h.start &&
      h.end <= text.length,
  );
  if (valid.length === 0) {
    return text ? [{ text, highlightId: null, coveredBy: [], endsHighlight: null }] : [];
  }

  const cuts = [...new Set([0, text.length, ...valid.flatMap((h) => [h.start, h.end])])].sort(
    (a, b) => a - b,
  );
  const segments: TextSegment[] = [];
  for (let i = 0; i < cuts.length - 1; i += 1) {
    const from = cuts[i] as number;
    const to = cuts[i + 1] as number;
    const covering = valid
      .filter((h) => h.start <= from && h.end >= to)
      .sort((a, b) => a.end - a.start - (b.end - b.start));
    const owner = covering[0] ?? null;
    // A highlight's number goes where it ends; several ending together follow in order.
    const ending = valid.filter((h) => h.end === to).sort((a, b) => a.number - b.number);
    segments.push({
      text: text.slice(from, to),
      highlightId: owner?.id ?? null,
      coveredBy: covering.map((h) => h.id),
      endsHighlight: null,
    });
    for (const highlight of ending) {
      segments.push({
        text: '',
        highlightId: highlight.id,
        coveredBy: [],
        endsHighlight: highlight,
      });
    }
  }
  return segments;
}
