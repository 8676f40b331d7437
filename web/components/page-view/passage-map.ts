import { lettersOf, matchAcross } from '@contract/passage-letters';

/*
 * Between the page view (the PDF's own text items, as pdf.js reads them) and the text view
 * (the extracted text in pages of 300 words). A passage is carried across as its letters
 * and digits (contract/passage-letters.ts), so a selection on the PDF page becomes the
 * very offsets selecting the same words in the text view gives, and a feedback item's
 * passage is found again among the PDF's text items to be drawn on the page.
 */

/** The extracted text's letters, each with its text page (0-based) and offset there. */
export interface TextLetters {
  letters: string;
  page: Int32Array;
  at: Int32Array;
  /** Index in `letters` of each page's first letter (and the total at the end). */
  pageStart: number[];
}

export function textLetters(pages: string[]): TextLetters {
  let letters = '';
  const page: number[] = [];
  const at: number[] = [];
  const pageStart: number[] = [];
  pages.forEach((text, index) => {
    pageStart.push(letters.length);
    const found = lettersOf(text);
    letters += found.letters;
    for (const offset of found.at) {
      page.push(index);
      at.push(offset);
    }
  });
  pageStart.push(letters.length);
  return { letters, page: Int32Array.from(page), at: Int32Array.from(at), pageStart };
}

/** The PDF's letters, each with its PDF page (0-based), text item and code unit there. */
export interface PdfLetters {
  letters: string;
  page: Int32Array;
  item: Int32Array;
  unit: Int32Array;
  /** Per page, per text item: index in `letters` of the item's first letter. */
  itemStart: number[][];
}

/** `pages[p][i]` is the string of text item i on PDF page p (pdf.js's items with `str`). */
export function pdfLetters(pages: string[][]): PdfLetters {
  let letters = '';
  const page: number[] = [];
  const item: number[] = [];
  const unit: number[] = [];
  const itemStart: number[][] = [];
  pages.forEach((items, p) => {
    const starts: number[] = [];
    items.forEach((str, i) => {
      starts.push(letters.length);
      const found = lettersOf(str);
      letters += found.letters;
      for (const offset of found.at) {
        page.push(p);
        item.push(i);
        unit.push(offset);
      }
    });
    itemStart.push(starts);
  });
  return {
    letters,
    page: Int32Array.from(page),
    item: Int32Array.from(item),
    unit: Int32Array.from(unit),
    itemStart,
  };
}

export interface TextPassage {
  pageNumber: number;
  start: number;
  end: number;
  text: string;
}

/**
 * A passage chosen on the PDF (letters [from, to) of `pdf`) as a passage of the text view.
 * `selected` is the browser's selected string: punctuation at either end of it (a closing
 * full stop, an opening quote mark) is kept when the text has it there too, as selecting
 * the same words in the text view would. A passage running over a 300-word page boundary
 * is cut at the end of its first page: the text view cannot select across pages either.
 */
export function pdfToText(
  text: TextLetters,
  pages: string[],
  pdf: PdfLetters,
  from: number,
  to: number,
  selected: string,
): TextPassage | null {
  if (to <= from) return null;
  const needle = pdf.letters.slice(from, to);
  const at = matchAcross(text.letters, pdf.letters, needle, from);
  if (at === null) return null;
  const pageIndex = text.page[at]!;
  const last = Math.min(at + needle.length, text.pageStart[pageIndex + 1]!) - 1;
  const pageText = pages[pageIndex] ?? '';
  let start = text.at[at]!;
  let end = text.at[last]! + String.fromCodePoint(pageText.codePointAt(text.at[last]!)!).length;
  const trimmed = selected.trim();
  const [lead = ''] = trimmed.match(/^[^\p{L}\p{N}\s]+/u) ?? [];
  const [tail = ''] = trimmed.match(/[^\p{L}\p{N}\s]+$/u) ?? [];
  if (lead && pageText.slice(start - lead.length, start) === lead) start -= lead.length;
  if (tail && last === at + needle.length - 1 && pageText.startsWith(tail, end)) {
    end += tail.length;
  }
  return { pageNumber: pageIndex + 1, start, end, text: pageText.slice(start, end) };
}

/** A stretch of one PDF text item: code units [from, to) of item `item` on page `page`. */
export interface ItemSpan {
  page: number;
  item: number;
  from: number;
  to: number;
}

/** The passage of the text view at [start, end) of text page `pageNumber`, on the PDF. */
export function textToPdf(
  text: TextLetters,
  pages: string[],
  pdf: PdfLetters,
  passage: { pageNumber: number; start: number; end: number },
): ItemSpan[] {
  const pageText = pages[passage.pageNumber - 1];
  if (pageText === undefined || passage.end <= passage.start) return [];
  const before = lettersOf(pageText.slice(0, passage.start)).letters.length;
  const needle = lettersOf(pageText.slice(passage.start, passage.end)).letters;
  const docPos = text.pageStart[passage.pageNumber - 1]! + before;
  const at = matchAcross(pdf.letters, text.letters, needle, docPos);
  if (at === null) return [];
  return itemSpans(pdf, at, at + needle.length);
}

/** Letters [from, to) of the PDF as stretches of its text items, one per item. */
export function itemSpans(pdf: PdfLetters, from: number, to: number): ItemSpan[] {
  const spans: ItemSpan[] = [];
  for (let i = from; i < to; i++) {
    const page = pdf.page[i]!;
    const item = pdf.item[i]!;
    const unit = pdf.unit[i]!;
    const open = spans[spans.length - 1];
    if (open && open.page === page && open.item === item) open.to = unit + 1;
    else spans.push({ page, item, from: unit, to: unit + 1 });
  }
  return spans;
}
