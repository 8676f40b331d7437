import { paginate } from '../extraction/paginate';

const CONTEXT_CHARS = 40;

export type Anchor = {
  pageNumber: number;
  startOffset: number | null;
  endOffset: number | null;
  highlightedText: string | null;
  contextBefore: string | null;
  contextAfter: string | null;
};

/**
 * Checks a selection against the page text the server holds. Offsets that do not match
 * the quoted text are repaired by finding the quote on the page (nearest to the given
 * offset); a quote that is not on the page is kept without offsets. Context either side
 * is stored so the highlight can be found again after a re-extraction.
 */
export function anchorSelection(
  extractedContent: string | null,
  input: {
    pageNumber: number;
    startOffset?: number | null;
    endOffset?: number | null;
    highlightedText?: string | null;
  },
): Anchor {
  const pages = paginate(extractedContent ?? '');
  const pageNumber = Math.min(Math.max(1, input.pageNumber), Math.max(1, pages.length));
  const page = pages[pageNumber - 1] ?? '';
  const quote = input.highlightedText?.trim() ? input.highlightedText : null;
  let start = input.startOffset ?? null;
  let end = input.endOffset ?? null;

  const offsetsValid = start !== null && end !== null && end > start && end <= page.length;
  if (quote && !(offsetsValid && page.slice(start!, end!) === quote)) {
    const found = nearestOccurrence(page, quote, start ?? 0);
    [start, end] = found === -1 ? [null, null] : [found, found + quote.length];
  } else if (!quote && !offsetsValid) {
    [start, end] = [null, null];
  }
  const text = quote ?? (start !== null && end !== null ? page.slice(start, end) : null);
  return {
    pageNumber,
    startOffset: start,
    endOffset: end,
    highlightedText: text,
    contextBefore: start !== null ? page.slice(Math.max(0, start - CONTEXT_CHARS), start) : null,
    contextAfter: end !== null ? page.slice(end, end + CONTEXT_CHARS) : null,
  };
}

function nearestOccurrence(page: string, quote: string, near: number): number {
  let best = -1;
  for (let at = page.indexOf(quote); at !== -1; at = page.indexOf(quote, at + 1)) {
    if (best === -1 || Math.abs(at - near) < Math.abs(best - near)) best = at;
  }
  return best;
}
