/*
 * Page numbers as the pupil knows them. The extracted text is read in text pages; where the
 * file has pages of its own (a PDF's pages, a Word file's page breaks, a photo), each text
 * page belongs to one of them and a long one is read in parts ("Page 3", "Page 3
 * (continued)"). Where it has none, the text pages are the only pages (300 words each) and
 * the numbers are 1, 2, 3… Every view and export labels pages and feedback with these
 * functions, so a page is called the same everywhere.
 */

/** Where an item is: a text page (1-based) and, for a region or drawing, its page of the file. */
export interface PagePlaced {
  pageNumber: number;
  region?: { page: number } | null;
  ink?: { page: number } | null;
}

/** The pupil's page number of an item: its region's page, or its text page's number. */
export function pupilPageOf(item: PagePlaced, pageNumbers: readonly number[]): number {
  const onFile = item.ink?.page ?? item.region?.page;
  if (onFile !== undefined) return onFile;
  return pageNumbers[item.pageNumber - 1] ?? item.pageNumber;
}

/** "Page 3", as a feedback item is labelled. */
export function feedbackPageLabel(item: PagePlaced, pageNumbers: readonly number[]): string {
  return `Page ${pupilPageOf(item, pageNumbers)}`;
}

/** A text page (1-based) that continues the page of the file before it. */
export function isContinued(pageNumbers: readonly number[], textPage: number): boolean {
  return textPage > 1 && pageNumbers[textPage - 2] === pageNumbers[textPage - 1];
}

/** "Page 3" or "Page 3 (continued)": the heading of a text page (1-based). */
export function textPageLabel(pageNumbers: readonly number[], textPage: number): string {
  const number = pageNumbers[textPage - 1] ?? textPage;
  return `Page ${number}${isContinued(pageNumbers, textPage) ? ' (continued)' : ''}`;
}

/** "Page 3 of 14", "Page 3 (continued) of 14": where a reader is among the file's pages. */
export function pageOfLabel(
  pageNumbers: readonly number[],
  pageCount: number,
  textPage: number,
): string {
  return `${textPageLabel(pageNumbers, textPage)} of ${pageCount}`;
}

/**
 * The text page an item is listed beside: a passage's own; a region's or drawing's first
 * text page of the same page of the file (its own number where no text page has it).
 */
export function textPageOf(item: PagePlaced, pageNumbers: readonly number[]): number {
  const onFile = item.ink?.page ?? item.region?.page;
  if (onFile === undefined) return item.pageNumber;
  const index = pageNumbers.indexOf(onFile);
  return index === -1 ? item.pageNumber : index + 1;
}

/** The numbers of text pages that have no pages of the file behind them: 1 to `count`. */
export function plainPageNumbers(count: number): number[] {
  return Array.from({ length: count }, (_, i) => i + 1);
}
