import { findApproximate, resolveAnchor } from './anchor';

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
  /** The document's text pages (records/documents/pages.ts). */
  pages: string[],
  input: {
    pageNumber: number;
    startOffset?: number | null;
    endOffset?: number | null;
    highlightedText?: string | null;
  },
): Anchor {
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
 * How sure the server is of a passage's place in the text as it is now: `exact` when the
 * quoted words are there (spacing aside); `approximate` when only something like them is
 * (punctuation or hyphens changed, or just the words around it); `missing` when the passage
 * is gone. Null for feedback on no passage.
 */
export type AnchorStatus = 'exact' | 'approximate' | 'missing';

type Anchored = {
  pageNumber: number;
  startOffset: number | null;
  endOffset: number | null;
  highlightedText: string | null;
};

/** The words either side of the passage when it was chosen (kept on the row, not sent). */
type Context = { contextBefore?: string | null; contextAfter?: string | null };

/** Pages to look on: the item's own first, then the nearest ones (text read again can
 * move a passage over a 300-word page boundary). */
function pagesByDistance(count: number, own: number): number[] {
  const order = [own];
  for (let step = 1; step < count; step += 1) {
    if (own - step >= 1) order.push(own - step);
    if (own + step <= count) order.push(own + step);
  }
  return order.filter((page) => page >= 1 && page <= count);
}

// A quote this long found word for word on another page is the same passage, moved.
const MOVABLE_QUOTE_CHARS = 20;

export function locateAnchor(
  pages: string[],
  item: Anchored,
  around: Context = {},
): { pageNumber: number; range: TextRangeOrNull; status: AnchorStatus | null } {
  const own = item.pageNumber;
  if (!item.highlightedText?.trim()) {
    const range = resolveAnchor(pages[own - 1] ?? '', item.startOffset, item.endOffset, null);
    return { pageNumber: own, range, status: null };
  }
  const quote = item.highlightedText;
  const order = pagesByDistance(pages.length, own);
  for (const page of order) {
    const mine = page === own;
    const range = resolveAnchor(
      pages[page - 1] ?? '',
      mine ? item.startOffset : null,
      mine ? item.endOffset : null,
      quote,
    );
    if (range) {
      const sure = page === own || quote.trim().length >= MOVABLE_QUOTE_CHARS;
      return { pageNumber: page, range, status: sure ? 'exact' : 'approximate' };
    }
  }
  const context = { before: around.contextBefore ?? null, after: around.contextAfter ?? null };
  for (const page of order) {
    const near = page === own ? (item.startOffset ?? 0) : 0;
    const range = findApproximate(pages[page - 1] ?? '', quote, near, context);
    if (range) return { pageNumber: page, range, status: 'approximate' };
  }
  return { pageNumber: Math.min(own, Math.max(1, pages.length)), range: null, status: 'missing' };
}

type TextRangeOrNull = ReturnType<typeof resolveAnchor>;

/**
 * Offsets as they apply to the text now: if the text was extracted again and the words
 * moved, the quote is found again on its page or a nearby one; if it is gone, the item
 * keeps no range. `anchorStatus` tells the teacher when the match is not exact.
 */
export function currentRange<T extends Anchored>(
  pages: string[],
  item: T,
  around: Context = {},
): T & { anchorStatus: AnchorStatus | null } {
  const { pageNumber, range, status } = locateAnchor(pages, item, around);
  return {
    ...item,
    pageNumber,
    startOffset: range?.start ?? null,
    endOffset: range?.end ?? null,
    anchorStatus: status,
  };
}
