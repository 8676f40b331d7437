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

/** Letters and digits only, lower-cased, with where each came from in the text. */
function squeeze(text: string): { letters: string; at: number[] } {
  let letters = '';
  const at: number[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]/gu)) {
    letters += match[0].toLowerCase();
    at.push(match.index);
  }
  return { letters, at };
}

// Fewer letters than this match too many places to say they are the same passage.
const MIN_APPROXIMATE_LETTERS = 6;

/**
 * The quote found again with its words intact but its spacing, punctuation or hyphens
 * changed ("com- pile" read again as "compile"), nearest to `near`; else the place
 * between the stored context either side of it. Either way, not the words as quoted.
 */
export function findApproximate(
  text: string,
  quote: string,
  near: number,
  context: { before: string | null; after: string | null } = { before: null, after: null },
): TextRange | null {
  const page = squeeze(text);
  const wanted = squeeze(quote).letters;
  if (wanted.length >= MIN_APPROXIMATE_LETTERS) {
    let best: TextRange | null = null;
    for (let i = page.letters.indexOf(wanted); i !== -1; i = page.letters.indexOf(wanted, i + 1)) {
      const range = { start: page.at[i]!, end: page.at[i + wanted.length - 1]! + 1 };
      if (!best || Math.abs(range.start - near) < Math.abs(best.start - near)) best = range;
    }
    if (best) return best;
  }
  // The words changed: the passage is where its surroundings still are.
  const before = squeeze(context.before ?? '').letters.slice(-30);
  const after = squeeze(context.after ?? '').letters.slice(0, 30);
  if (before.length < MIN_APPROXIMATE_LETTERS || after.length < MIN_APPROXIMATE_LETTERS) {
    return null;
  }
  const from = page.letters.indexOf(before);
  if (from === -1) return null;
  const to = page.letters.indexOf(after, from + before.length);
  if (to === -1 || to - (from + before.length) > wanted.length * 2 + 40) return null;
  const startLetter = from + before.length;
  if (to <= startLetter) return null;
  return { start: page.at[startLetter]!, end: page.at[to - 1]! + 1 };
}
