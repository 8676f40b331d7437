import { PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { isContinued, plainPageNumbers } from '../../../contract/pupil-pages';
import { drawable, embedFonts, type Fonts } from './fonts';
import { boxQuad, type Quad } from './pdf-annotations';
import { type LineRange, unitEdges, wrapLines } from './text-layout';

export const A4 = { width: 595.28, height: 841.89 } as const;
export const MARGIN = 64;
const BODY_SIZE = 11;
const LEADING = 16;
// DejaVu Sans ascent and descent, as fractions of the size: the box a highlight covers.
const ASCENT = 0.93;
const DESCENT = 0.24;

/** One drawn line: the slice [start, end) of a page's text, and where each unit went. */
export interface PlacedLine {
  pageIndex: number;
  start: number;
  end: number;
  x: number;
  baseline: number;
  edges: Float64Array;
}

export interface Typeset {
  doc: PDFDocument;
  fonts: Fonts;
  /** Per document page, its lines in order. */
  lines: PlacedLine[][];
  /** Per document page, the PDF page index it starts on. */
  firstPageOf: number[];
}

/**
 * Sets the text pages on A4, one document page per PDF page (spilling onto a continuation
 * page when a page of short lines, a poem say, is too long), so "page 3" in the feedback
 * is page 3 of the PDF.
 */
export async function typesetDocument(input: {
  title: string;
  author: string;
  pages: string[];
  pageNumbers?: number[];
  pageCount?: number;
}): Promise<Typeset> {
  const doc = await PDFDocument.create();
  doc.setTitle(input.title || 'Document');
  doc.setAuthor(input.author);
  const fonts = await embedFonts(doc);
  const width = A4.width - 2 * MARGIN;
  const numbers = input.pageNumbers ?? plainPageNumbers(input.pages.length);
  const total = Math.max(1, input.pageCount ?? input.pages.length);
  let page: PDFPage;
  let y = 0;
  // Labelled with the pupil's page: a long page of the file set over two says "(continued)".
  const startPage = (pageNumber: number, continued: boolean) => {
    page = doc.addPage([A4.width, A4.height]);
    y = A4.height - MARGIN;
    const label = `Page ${pageNumber} of ${total}${continued ? ' (continued)' : ''}`;
    const size = 9;
    page.drawText(label, {
      x: (A4.width - fonts.regular.widthOf(label, size)) / 2,
      y: MARGIN / 2,
      size,
      font: fonts.regular.pdfFont,
      color: rgb(0.4, 0.4, 0.4),
    });
  };

  startPage(numbers[0] ?? 1, false);
  const title = input.title || 'Untitled';
  for (const line of wrapLines(title, fonts.bold, 18, width)) {
    y -= 24;
    page!.drawText(drawable(title.slice(line.start, line.end)), {
      x: MARGIN,
      y,
      size: 18,
      font: fonts.bold.pdfFont,
    });
  }
  const byline = `by ${input.author}`;
  for (const line of wrapLines(byline, fonts.regular, 12, width)) {
    y -= 18;
    page!.drawText(drawable(byline.slice(line.start, line.end)), {
      x: MARGIN,
      y,
      size: 12,
      font: fonts.regular.pdfFont,
      color: rgb(0.3, 0.3, 0.3),
    });
  }
  y -= 18;

  const lines: PlacedLine[][] = [];
  const firstPageOf: number[] = [];
  input.pages.forEach((text, p) => {
    const number = numbers[p] ?? p + 1;
    if (p > 0) startPage(number, isContinued(numbers, p + 1));
    firstPageOf.push(doc.getPageCount() - 1);
    const placed: PlacedLine[] = [];
    for (const range of wrapLines(text, fonts.regular, BODY_SIZE, width)) {
      if (y - LEADING < MARGIN) startPage(number, true);
      y -= LEADING;
      placed.push(drawLine(page!, text, range, y, fonts, doc.getPageCount() - 1));
    }
    lines.push(placed);
  });
  return { doc, fonts, lines, firstPageOf };
}

function drawLine(
  page: PDFPage,
  text: string,
  range: LineRange,
  baseline: number,
  fonts: Fonts,
  pageIndex: number,
): PlacedLine {
  const slice = text.slice(range.start, range.end);
  if (slice.trim()) {
    page.drawText(drawable(slice), {
      x: MARGIN,
      y: baseline,
      size: BODY_SIZE,
      font: fonts.regular.pdfFont,
    });
  }
  const edges = unitEdges(slice, fonts.regular, BODY_SIZE);
  return { pageIndex, start: range.start, end: range.end, x: MARGIN, baseline, edges };
}

/** The boxes of a range of a page's text, grouped by PDF page (a passage can span two). */
export function quadsForRange(
  text: string,
  lines: PlacedLine[],
  range: { start: number; end: number },
): Map<number, Quad[]> {
  const byPage = new Map<number, Quad[]>();
  for (const line of lines) {
    const start = Math.max(range.start, line.start);
    let end = Math.min(range.end, line.end);
    const slice = text.slice(start, end);
    // A selection that took in a space either side should not paint the space.
    const lead = slice.length - slice.trimStart().length;
    end -= slice.length - slice.trimEnd().length;
    if (start + lead >= end) continue;
    const x1 = line.x + line.edges[start + lead - line.start]!;
    const x2 = line.x + line.edges[end - line.start]!;
    const quad = boxQuad(
      x1,
      line.baseline - DESCENT * BODY_SIZE,
      x2,
      line.baseline + ASCENT * BODY_SIZE,
    );
    const quads = byPage.get(line.pageIndex) ?? [];
    quads.push(quad);
    byPage.set(line.pageIndex, quads);
  }
  return byPage;
}
