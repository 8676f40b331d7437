/**
 * Splits extracted text into pages of a fixed number of words, so long work can be read
 * and commented on a page at a time. Each page is an exact slice of the text: an offset
 * inside a page plus the page's start is an offset in the whole text.
 */
export const WORDS_PER_PAGE = 300;

/** Where a page lies in the text: text.slice(start, end) is the page. */
export interface PageRange {
  start: number;
  end: number;
}

// A word is a run of anything but whitespace, as in a word processor's count; \s covers
// Unicode spaces (no-break, ideographic) as well as tabs and line breaks.
const WORD = /\S+/gu;

/**
 * Page boundaries: a page starts at its first word and ends just after its last, so the
 * whitespace between two pages belongs to neither. Text without words has no pages.
 */
export function pageRanges(text: string, wordsPerPage = WORDS_PER_PAGE): PageRange[] {
  if (!Number.isInteger(wordsPerPage) || wordsPerPage < 1) {
    throw new RangeError(`wordsPerPage must be a positive integer, not ${wordsPerPage}`);
  }
  const ranges: PageRange[] = [];
  let count = 0;
  let start = 0;
  let end = 0;
  for (const word of text.matchAll(WORD)) {
    if (count === 0) start = word.index;
    end = word.index + word[0].length;
    count += 1;
    if (count === wordsPerPage) {
      ranges.push({ start, end });
      count = 0;
    }
  }
  if (count > 0) ranges.push({ start, end });
  return ranges;
}

export function paginate(text: string, wordsPerPage = WORDS_PER_PAGE): string[] {
  return pageRanges(text, wordsPerPage).map(({ start, end }) => text.slice(start, end));
}
