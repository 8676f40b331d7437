/**
 * Where a feedback item's passage sits in its page. Offsets are trusted only when the
 * text at them still equals the quote: a re-extraction or an edit can shift them, and
 * highlighting the wrong words is worse than not highlighting at all.
 */

export interface TextRange {
  start: number;
  end: number;
}

export function resolveAnchor(
  pageText: string,
  startOffset: number | null,
  endOffset: number | null,
  highlightedText: string | null,
): TextRange | null {
  const offsetsValid =
    startOffset !== null &&
    endOffset !== null &&
    Number.isInteger(startOffset) &&
    Number.isInteger(endOffset) &&
    startOffset >= 0 &&
    startOffset < endOffset &&
    endOffset <= pageText.length;

  if (!highlightedText) {
    // Nothing to verify against: the offsets are all we have.
    return offsetsValid ? { start: startOffset, end: endOffset } : null;
  }
  if (offsetsValid && pageText.slice(startOffset, endOffset) === highlightedText) {
    return { start: startOffset, end: endOffset };
  }
  const near = startOffset ?? 0;
  return (
    nearestExact(pageText, highlightedText, near) ?? nearestLoose(pageText, highlightedText, near)
  );
}

function nearestExact(text: string, quote: string, near: number): TextRange | null {
  let best: TextRange | null = null;
  for (let at = text.indexOf(quote); at !== -1; at = text.indexOf(quote, at + 1)) {
    if (!best || Math.abs(at - near) < Math.abs(best.start - near)) {
      best = { start: at, end: at + quote.length };
    }
  }
  return best;
}

/**
 * The quote as a browser selection reports it can differ from the page in whitespace
 * only (a line break copied as a space, doubled spaces collapsed).
 */
function nearestLoose(text: string, quote: string, near: number): TextRange | null {
  const words = quote.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const pattern = new RegExp(words.map(escapeRegExp).join('\\s+'), 'gu');
  let best: TextRange | null = null;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    if (!best || Math.abs(start - near) < Math.abs(best.start - near)) {
      best = { start, end: start + match[0].length };
    }
  }
  return best;
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
