import { paginate } from '../extraction/paginate';
import { resolveAnchor } from './anchor';

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
  const range = resolveAnchor(page, input.startOffset ?? null, input.endOffset ?? null, quote);
  const start = range?.start ?? null;
  const end = range?.end ?? null;
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

/**
 * Offsets as they apply to the text now: if the text was extracted again and the words
 * moved, the quote is found again on its page; if it is gone, the item keeps no range.
 */
export function currentRange<
  T extends {
    pageNumber: number;
    startOffset: number | null;
    endOffset: number | null;
    highlightedText: string | null;
  },
>(pages: string[], item: T): T {
  const range = resolveAnchor(
    pages[item.pageNumber - 1] ?? '',
    item.startOffset,
    item.endOffset,
    item.highlightedText,
  );
  return { ...item, startOffset: range?.start ?? null, endOffset: range?.end ?? null };
}
