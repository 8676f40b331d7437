import { type PDFDocument, type PDFPage, rgb } from 'pdf-lib';
import { drawingLabel } from '../../../contract/ink';
import {
  type DocumentMarkView,
  isEmptyMark,
  RUBRIC_LEVEL_LABELS,
} from '../../../contract/marking-limits';
import { drawable, type Fonts, type MeasuredFont } from './fonts';
import { addLink } from './pdf-annotations';
import { A4, MARGIN } from './pdf-typeset';
import { wrapLines } from './text-layout';

export interface SummaryEntry {
  number: number;
  pageNumber: number;
  type: 'text' | 'audio';
  /** The passage as it stands in the document, or null for a note on the whole page. */
  quote: string | null;
  body: string;
  link: string | null;
  /** The passage was looked for in the file and is not there: the note sits by itself. */
  notFound?: boolean;
  /** Feedback on a region of the page as handed in, with its picture when there is one. */
  region?: boolean;
  /** A drawing (pen, highlighter, shapes) on the page as handed in. */
  drawing?: boolean;
  crop?: Uint8Array | null;
}

type Rgb = ReturnType<typeof rgb>;
const QUOTE_LIMIT = 300;
const INDENT = 16;

/**
 * The last page(s): every item in reading order, so a printed copy keeps the comments
 * that a viewer would otherwise hide in pop-ups, with each recording's link clickable.
 */
export async function appendSummary(
  doc: PDFDocument,
  fonts: Fonts,
  heading: { title: string; teacherName: string; mark?: DocumentMarkView | null },
  entries: SummaryEntry[],
): Promise<void> {
  const width = A4.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([A4.width, A4.height]);
  let y = A4.height - MARGIN;

  const write = (text: string, font: MeasuredFont, size: number, colour: Rgb, indent = 0) => {
    const boxes: { page: PDFPage; rect: number[] }[] = [];
    const leading = size * 1.45;
    for (const line of wrapLines(text, font, size, width - indent)) {
      if (y - leading < MARGIN) {
        page = doc.addPage([A4.width, A4.height]);
        y = A4.height - MARGIN;
      }
      y -= leading;
      const slice = drawable(text.slice(line.start, line.end));
      const x = MARGIN + indent;
      page.drawText(slice, { x, y, size, font: font.pdfFont, color: colour });
      boxes.push({ page, rect: [x, y - size * 0.3, x + font.widthOf(slice, size), y + size] });
    }
    return boxes;
  };

  const black = rgb(0, 0, 0);
  const grey = rgb(0.35, 0.35, 0.35);
  write('Feedback summary', fonts.bold, 18, black);
  write(`${heading.title} — feedback from ${heading.teacherName}`, fonts.regular, 10, grey);
  y -= 10;
  if (heading.mark && !isEmptyMark(heading.mark)) {
    const { mark, rubric } = heading.mark;
    if (mark) write(`Mark: ${mark}`, fonts.bold, 14, black);
    for (const row of rubric) {
      write(
        `${row.criterion}: ${RUBRIC_LEVEL_LABELS[row.level]}`,
        fonts.regular,
        11,
        black,
        INDENT,
      );
    }
    y -= 10;
  }
  if (entries.length === 0) write('No feedback on this document.', fonts.regular, 11, grey);

  for (const entry of entries) {
    // Keep an entry's heading with at least its first lines.
    if (y - 60 < MARGIN) {
      page = doc.addPage([A4.width, A4.height]);
      y = A4.height - MARGIN;
    }
    const kind = entry.type === 'audio' ? 'audio' : 'comment';
    const where = entry.drawing
      ? drawingLabel(entry.pageNumber)
      : entry.region
        ? `Region on page ${entry.pageNumber}`
        : `Page ${entry.pageNumber}`;
    write(`${entry.number}. ${where} · ${kind}`, fonts.bold, 11, black);
    if (entry.crop)
      y = await drawCrop(
        doc,
        () => page,
        (next) => {
          page = next;
        },
        entry.crop,
        y,
      );
    if (entry.quote) write(`“${shorten(entry.quote)}”`, fonts.regular, 10, grey, INDENT);
    if (entry.notFound) {
      write('This passage was not found in the document.', fonts.regular, 10, grey, INDENT);
    }
    write(entry.body, fonts.regular, 11, black, INDENT);
    if (entry.link) {
      const blue = rgb(0.05, 0.3, 0.75);
      for (const box of write(`Listen: ${entry.link}`, fonts.regular, 10, blue, INDENT)) {
        addLink(doc, box.page, box.rect, entry.link);
      }
    }
    y -= 8;
  }
}

const CROP_BOX = { width: 200, height: 140 };

/** A region's picture under its heading, at most 200 × 140 pt; one pdf-lib cannot read is left out. */
async function drawCrop(
  doc: PDFDocument,
  current: () => PDFPage,
  turnPage: (page: PDFPage) => void,
  png: Uint8Array,
  y: number,
): Promise<number> {
  let image: Awaited<ReturnType<PDFDocument['embedPng']>>;
  try {
    image = await doc.embedPng(png);
  } catch {
    return y;
  }
  const scale = Math.min(1, CROP_BOX.width / image.width, CROP_BOX.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  let top = y - 4;
  if (top - height < MARGIN) {
    turnPage(doc.addPage([A4.width, A4.height]));
    top = A4.height - MARGIN;
  }
  current().drawImage(image, { x: MARGIN + INDENT, y: top - height, width, height });
  return top - height - 4;
}

function shorten(quote: string): string {
  const flat = quote.replace(/\s+/g, ' ').trim();
  return flat.length <= QUOTE_LIMIT ? flat : `${flat.slice(0, QUOTE_LIMIT - 1)}…`;
}
