import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { ExtractionError, MAX_PDF_PAGES, MAX_TEXT_CHARS, TOO_MUCH_TEXT } from '../errors';
import { linesToText, type PlacedLine } from '../layout';
import {
  dropRunningLines,
  findGutter,
  pageRuns,
  readingOrder,
  runsToLines,
} from '../page-geometry';
import { countLetters } from '../page-starts';

// The legacy build runs in Node without a worker thread (pdf.js falls back to its fake
// worker). Fonts and CMaps come from the package folder, never from a URL: CMaps are needed
// to map the glyphs of CJK and other CID fonts back to text.
const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const options = {
  cMapUrl: join(pdfjsRoot, 'cmaps/'),
  cMapPacked: true,
  standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
  isEvalSupported: false,
  disableFontFace: true,
  useSystemFonts: false,
  verbosity: VerbosityLevel.ERRORS,
};

const PDF_DAMAGED = 'This PDF is damaged and its text could not be read.';
const PDF_ENCRYPTED =
  'This PDF is protected by a password, so its text could not be read. ' +
  'Ask the pupil to upload a copy without a password.';

interface PageLayout {
  lines: PlacedLine[];
  gutter: number | undefined;
  height: number;
}

/** The PDF's text, and how many letters each of its pages gives it (to find where each starts). */
export async function extractPdf(
  bytes: Uint8Array,
): Promise<{ text: string; pageLetters: number[] }> {
  // pdf.js wants a plain Uint8Array (not a Buffer) and may take ownership of it: give it a copy.
  const task = getDocument({ ...options, data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    if (doc.numPages > MAX_PDF_PAGES) throw new ExtractionError(TOO_MUCH_TEXT, 'too-large');
    const pages: PageLayout[] = [];
    let characters = 0;
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is TextItem => 'str' in item);
      const [x0 = 0, y0 = 0, x1 = 595, y1 = 842] = page.view;
      const runs = pageRuns(items, y1);
      const gutter = findGutter(runs, x1 - x0);
      const lines = runsToLines(runs, gutter);
      pages.push({ lines, gutter, height: y1 - y0 });
      page.cleanup();
      characters += lines.reduce((sum, line) => sum + line.text.length, 0);
      if (characters > MAX_TEXT_CHARS) throw new ExtractionError(TOO_MUCH_TEXT, 'too-large');
    }
    const kept = dropRunningLines(
      pages.map((page) => page.lines),
      pages.map((page) => page.height),
    );
    const ordered = kept.map((pageLines, index) =>
      readingOrder(pageLines, pages[index]!.gutter).map((line, i) => ({
        ...line,
        pageStart: i === 0,
      })),
    );
    return {
      text: linesToText(ordered.flat()),
      pageLetters: ordered.map((pageLines) => countLetters(pageLines.map((l) => l.text).join(''))),
    };
  } catch (error) {
    if (error instanceof ExtractionError) throw error;
    const name = error instanceof Error ? error.name : '';
    if (name === 'PasswordException') {
      throw new ExtractionError(PDF_ENCRYPTED, 'encrypted', { cause: error });
    }
    throw new ExtractionError(PDF_DAMAGED, 'damaged', { cause: error });
  } finally {
    await task.destroy();
  }
}
