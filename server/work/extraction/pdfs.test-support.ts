/**
 * PDFs laid out here, for the reflow tests: the text is known, so what extraction gives
 * back can be measured against it. Layouts copy what pupils hand in: a two-column paper
 * with running headers, page numbers and hyphenated line ends; an essay with first-line
 * indents; one with space between paragraphs; a scan whose text layer is invisible and
 * drawn word by word, as OCR tools write it.
 */
import { readFileSync } from 'node:fs';
import {
  PDFDocument,
  type PDFFont,
  popGraphicsState,
  pushGraphicsState,
  rgb,
  StandardFonts,
  setTextRenderingMode,
  TextRenderingMode,
} from 'pdf-lib';
import wordListPath from 'word-list';

export interface Block {
  kind: 'heading' | 'paragraph' | 'item';
  text: string;
}

export interface Layout {
  columns: 1 | 2;
  fontSize: number;
  /** Distance between lines as a multiple of the font size. */
  lineHeight: number;
  /** Extra space after each paragraph, in points. */
  paragraphSpace: number;
  /** First-line indent, in points. */
  indent: number;
  header?: string;
  /** "Page n of N" in the footer. */
  pageNumbers: boolean;
  hyphenate: boolean;
  justify: boolean;
  /** Each word its own text run (OCR text layers, some PDF printers). */
  wordByWord: boolean;
  /** Text layer of a scan: a grey picture with invisible text over it. */
  invisible: boolean;
  /** Full-width title and abstract above the columns on page 1. */
  fullWidthStart?: number;
}

export const TWO_COLUMN_PAPER: Layout = {
  columns: 2,
  fontSize: 10,
  lineHeight: 1.2,
  paragraphSpace: 0,
  indent: 12,
  header: 'Journal of Classroom Studies 14 (2026) 101–114',
  pageNumbers: true,
  hyphenate: true,
  justify: true,
  wordByWord: true,
  invisible: false,
  fullWidthStart: 2,
};

export const INDENTED_ESSAY: Layout = {
  columns: 1,
  fontSize: 12,
  lineHeight: 2,
  paragraphSpace: 0,
  indent: 36,
  header: 'Amira Khan — Year 9 English',
  pageNumbers: true,
  hyphenate: false,
  justify: false,
  wordByWord: false,
  invisible: false,
};

export const SPACED_ESSAY: Layout = {
  ...INDENTED_ESSAY,
  fontSize: 11,
  lineHeight: 1.15,
  paragraphSpace: 10,
  indent: 0,
  header: undefined,
};

export const SCANNED_PAGE: Layout = {
  ...INDENTED_ESSAY,
  lineHeight: 1.5,
  header: undefined,
  pageNumbers: false,
  wordByWord: true,
  invisible: true,
};

/** A small deterministic random source, so a failing test can be run again as it was. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

let vocabulary: string[] | undefined;
const words = () => {
  vocabulary ??= readFileSync(wordListPath, 'utf8')
    .split('\n')
    .filter((word) => /^[a-z]{2,13}$/.test(word));
  return vocabulary;
};

/** Headings, paragraphs of real English words (some long, some compounds) and lists. */
export function sampleDocument(seed: number, paragraphs: number): Block[] {
  const next = random(seed);
  const pick = () => words()[Math.floor(next() * words().length)]!;
  const sentence = () => {
    const length = 8 + Math.floor(next() * 14);
    const chosen = Array.from({ length }, () => (next() < 0.03 ? 'well-known' : pick()));
    if (next() < 0.3) chosen[Math.floor(length / 2)] += ',';
    const text = chosen.join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const blocks: Block[] = [{ kind: 'heading', text: 'A Study of Classroom Feedback' }];
  for (let i = 0; i < paragraphs; i += 1) {
    if (i % 6 === 0) blocks.push({ kind: 'heading', text: `${1 + i / 6}. ${pick()} ${pick()}` });
    const sentences = 3 + Math.floor(next() * 4);
    blocks.push({ kind: 'paragraph', text: Array.from({ length: sentences }, sentence).join(' ') });
    if (i % 9 === 4) {
      for (let item = 0; item < 3; item += 1) {
        blocks.push({ kind: 'item', text: `• ${sentence()}` });
      }
    }
  }
  return blocks;
}

/** The text a perfect extraction gives back: one paragraph per block. */
export const sourceText = (blocks: Block[]) => blocks.map((block) => block.text).join('\n\n');

const A4 = { width: 595, height: 842, margin: 60 };

interface Line {
  words: string[];
  x: number;
  width: number;
  last: boolean;
  size: number;
  font: PDFFont;
}

function breakLines(block: Block, font: PDFFont, size: number, width: number, layout: Layout) {
  const lines: Line[] = [];
  const space = font.widthOfTextAtSize(' ', size);
  const measure = (text: string) => font.widthOfTextAtSize(text, size);
  const queue = block.text.split(' ');
  const indent = block.kind === 'paragraph' ? layout.indent : block.kind === 'item' ? 12 : 0;
  let current: string[] = [];
  let used = 0;
  let x = indent;
  const push = (last: boolean) => {
    lines.push({ words: current, x, width: width - x, last, size, font });
    current = [];
    used = 0;
    x = block.kind === 'item' ? 24 : 0;
  };
  while (queue.length > 0) {
    const word = queue.shift()!;
    const needed = (current.length > 0 ? space : 0) + measure(word);
    if (x + used + needed <= width) {
      current.push(word);
      used += needed;
      continue;
    }
    // Split a long plain word, keeping three letters or more either side of the hyphen;
    // a compound splits at its own hyphen, which must stay.
    if (layout.hyphenate && /^[a-z]{7,}$|^[a-z]+-[a-z]+$/.test(word)) {
      const [first, rest] = word.split('-');
      const cuts = rest
        ? [first!.length]
        : Array.from({ length: word.length - 5 }, (_, i) => word.length - 3 - i);
      const cut = cuts.find((at) => x + used + space + measure(`${word.slice(0, at)}-`) <= width);
      if (cut !== undefined) {
        current.push(`${word.slice(0, cut)}-`);
        queue.unshift(word.slice(rest ? cut + 1 : cut));
        push(false);
        continue;
      }
    }
    if (current.length === 0) {
      current.push(word);
      push(false);
      continue;
    }
    push(false);
    queue.unshift(word);
  }
  if (current.length > 0) push(true);
  return lines;
}

/** Lays the blocks out on A4 pages and returns the PDF's bytes. */
export async function layoutPdf(blocks: Block[], layout: Layout): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const regular = await pdf.embedFont(StandardFonts.TimesRoman);
  const bold = await pdf.embedFont(StandardFonts.TimesRomanBold);
  const gutter = 24;
  const fullWidth = A4.width - 2 * A4.margin;
  const columnWidth = layout.columns === 2 ? (fullWidth - gutter) / 2 : fullWidth;
  const top = A4.height - A4.margin - 10;
  const bottom = A4.margin + 20;
  const pages: ReturnType<typeof pdf.addPage>[] = [];
  let page = pdf.addPage([A4.width, A4.height]);
  pages.push(page);
  let column = 0;
  let y = top;
  let fullWidthLeft = layout.fullWidthStart ?? 0;

  const newColumn = () => {
    if (layout.columns === 2 && column === 0) {
      column = 1;
      y = columnTop;
      return;
    }
    page = pdf.addPage([A4.width, A4.height]);
    pages.push(page);
    column = 0;
    y = top;
    columnTop = top;
  };
  let columnTop = top;

  const draw = (text: string, x: number, baseline: number, size: number, font: PDFFont) => {
    if (layout.invisible)
      page.pushOperators(pushGraphicsState(), setTextRenderingMode(TextRenderingMode.Invisible));
    page.drawText(text, { x, y: baseline, size, font, color: rgb(0, 0, 0) });
    if (layout.invisible) page.pushOperators(popGraphicsState());
  };

  for (const block of blocks) {
    const spanning = fullWidthLeft > 0;
    fullWidthLeft -= 1;
    const size = block.kind === 'heading' ? layout.fontSize * 1.3 : layout.fontSize;
    const font = block.kind === 'heading' ? bold : regular;
    const width = spanning ? fullWidth : columnWidth;
    const lines = breakLines(block, font, size, width, layout);
    const pitch = size * layout.lineHeight;
    for (const line of lines) {
      if (y - pitch < bottom) newColumn();
      y -= pitch;
      const left = A4.margin + (spanning ? 0 : column * (columnWidth + gutter)) + line.x;
      if (!layout.wordByWord) {
        draw(line.words.join(' '), left, y, size, font);
        continue;
      }
      const natural = line.words.reduce((sum, word) => sum + font.widthOfTextAtSize(word, size), 0);
      const space =
        layout.justify && !line.last && line.words.length > 1
          ? (line.width - natural) / (line.words.length - 1)
          : font.widthOfTextAtSize(' ', size);
      let x = left;
      for (const word of line.words) {
        draw(word, x, y, size, font);
        x += font.widthOfTextAtSize(word, size) + space;
      }
    }
    y -= layout.paragraphSpace + (block.kind === 'heading' ? size * 0.5 : 0);
    if (spanning && fullWidthLeft === 0) columnTop = y;
  }

  pages.forEach((each, index) => {
    const size = 9;
    if (layout.invisible) {
      // The "scan": a grey picture behind the text layer.
      each.drawRectangle({
        x: 0,
        y: 0,
        width: A4.width,
        height: A4.height,
        color: rgb(0.93, 0.93, 0.9),
        opacity: 0.5,
      });
    }
    if (layout.header) {
      each.drawText(layout.header, { x: A4.margin, y: A4.height - 35, size, font: regular });
    }
    if (layout.pageNumbers) {
      const label = `Page ${index + 1} of ${pages.length}`;
      const x = (A4.width - regular.widthOfTextAtSize(label, size)) / 2;
      each.drawText(label, { x, y: 30, size, font: regular });
    }
  });
  return pdf.save();
}
