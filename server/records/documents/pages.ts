/**
 * Splits extracted text into the pages it is read and commented on. Each page is an exact
 * slice of the text: an offset inside a page plus the page's start is an offset in the
 * whole text, and feedback keeps its passage as a page number and offsets in that page.
 *
 * Where the pupil's file has pages of its own (their starts in the text are kept with the
 * document, see `sourcePageStarts`), the text pages follow them: a page of the file is one
 * text page, or several of at most 300 words when it is long, never one that runs over into
 * the next. Text without pages of its own (and every document read before its pages were
 * kept) is cut every 300 words, as it always was, so stored feedback stays on its words.
 */
import { plainPageNumbers } from '../../../contract/pupil-pages';

export const WORDS_PER_PAGE = 300;

/** Where a page lies in the text: text.slice(start, end) is the page. */
export interface PageRange {
  start: number;
  end: number;
}

/** A text page and the number of the pupil's page it is on. */
export interface TextPageRange extends PageRange {
  pupilPage: number;
}

// A word is a run of anything but whitespace, as in a word processor's count; \s covers
// Unicode spaces (no-break, ideographic) as well as tabs and line breaks.
const WORD = /\S+/gu;

function checkWordsPerPage(wordsPerPage: number) {
  if (!Number.isInteger(wordsPerPage) || wordsPerPage < 1) {
    throw new RangeError(`wordsPerPage must be a positive integer, not ${wordsPerPage}`);
  }
}

/**
 * Page boundaries: a page starts at its first word and ends just after its last, so the
 * whitespace between two pages belongs to neither. Text without words has no pages.
 */
export function pageRanges(text: string, wordsPerPage = WORDS_PER_PAGE): PageRange[] {
  checkWordsPerPage(wordsPerPage);
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

const isSpace = (char: string | undefined) => char === undefined || /\s/u.test(char);

/**
 * A page of the file's start moved off the middle of a word: a word the break cuts (one
 * mended from "exam-" and "ple" across the break) stays whole on the page it began on.
 */
function wordBoundaryAt(text: string, at: number): number {
  let settled = Math.min(Math.max(0, at), text.length);
  if (isSpace(text[settled - 1])) return settled;
  while (!isSpace(text[settled])) settled += 1;
  return settled;
}

/**
 * Cuts `count` words into `parts` runs as even as can be (the first ones a word longer),
 * so a page of 310 words reads as 155 and 155, not as 300 and 10.
 */
function evenRuns(count: number, parts: number): number[] {
  const base = Math.floor(count / parts);
  const longer = count % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < longer ? 1 : 0));
}

/**
 * The text pages of `text`: by the pupil's pages when their starts are known (offsets in
 * the text, one per page of the file, the first 0), else every `wordsPerPage` words. A page
 * of the file without words (a blank or picture-only page) has no text page; its number is
 * still skipped, so the pages after it keep theirs.
 */
export function textPageRanges(
  text: string,
  sourcePageStarts: readonly number[] | null | undefined,
  wordsPerPage = WORDS_PER_PAGE,
): TextPageRange[] {
  checkWordsPerPage(wordsPerPage);
  if (!sourcePageStarts || sourcePageStarts.length === 0) {
    return pageRanges(text, wordsPerPage).map((range, i) => ({ ...range, pupilPage: i + 1 }));
  }
  const bounds = sourcePageStarts.map((at) => wordBoundaryAt(text, at));
  bounds[0] = 0;
  const ranges: TextPageRange[] = [];
  bounds.forEach((from, index) => {
    // A start before the one above it (stored out of order) gives an empty page.
    const to = Math.max(from, index + 1 < bounds.length ? bounds[index + 1]! : text.length);
    const words = Array.from(text.slice(from, to).matchAll(WORD), (word) => ({
      start: from + word.index,
      end: from + word.index + word[0].length,
    }));
    if (words.length === 0) return;
    let next = 0;
    for (const run of evenRuns(words.length, Math.ceil(words.length / wordsPerPage))) {
      ranges.push({
        start: words[next]!.start,
        end: words[next + run - 1]!.end,
        pupilPage: index + 1,
      });
      next += run;
    }
  });
  return ranges;
}

/** A document's text pages with the pupil's number of each and how many pages the file has. */
export interface DocumentPages {
  pages: string[];
  pageNumbers: number[];
  pageCount: number;
}

export function documentPages(document: {
  extractedContent: string | null;
  sourcePageStarts?: number[] | null;
}): DocumentPages {
  const text = document.extractedContent ?? '';
  const starts = document.sourcePageStarts ?? null;
  const ranges = textPageRanges(text, starts);
  const pages = ranges.map(({ start, end }) => text.slice(start, end));
  return {
    pages,
    pageNumbers: starts?.length
      ? ranges.map((range) => range.pupilPage)
      : plainPageNumbers(pages.length),
    pageCount: starts?.length ? starts.length : pages.length,
  };
}
