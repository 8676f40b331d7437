import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, VerbosityLevel } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { ExtractionError, MAX_PDF_PAGES, MAX_TEXT_CHARS, TOO_MUCH_TEXT } from '../errors';
import { linesToText, type PlacedLine } from '../layout';

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

// Page numbers in headers and footers would otherwise land in the middle of sentences.
const PAGE_NUMBER = /^(?:page\s+)?[-–—\s]*\d{1,4}[-–—\s]*(?:(?:of|\/)\s*\d{1,4})?$/i;

type Line = PlacedLine & { open: boolean };

function pageLines(items: TextItem[], pageTop: number): PlacedLine[] {
  const lines: Line[] = [];
  let line: Line | undefined;
  for (const item of items) {
    const [, , c = 0, d = 0, x = 0, y = 0] = item.transform as number[];
    if (item.str !== '') {
      const size = Math.hypot(c, d) || item.height || 1;
      const top = pageTop - y;
      if (line?.open && Math.abs(top - line.top) <= size * 0.5) {
        // Separate runs on one line: add the space the PDF left out, if there is a gap.
        const gap = x - line.right;
        if (gap > size * 0.15 && !/\s$/.test(line.text) && !/^\s/.test(item.str)) line.text += ' ';
        line.text += item.str;
        line.right = Math.max(line.right, x + item.width);
        line.size = Math.max(line.size, size);
      } else {
        line = { text: item.str, left: x, right: x + item.width, top, size, open: true };
        lines.push(line);
      }
    }
    if (item.hasEOL && line) line.open = false;
  }
  const placed = lines.filter((l) => l.text.trim() !== '');
  if (placed.length > 1 && PAGE_NUMBER.test(placed.at(-1)!.text.trim())) placed.pop();
  if (placed.length > 1 && PAGE_NUMBER.test(placed[0]!.text.trim())) placed.shift();
  return placed.map(({ open: _open, ...rest }, i) => ({ ...rest, pageStart: i === 0 }));
}

export async function extractPdf(bytes: Uint8Array): Promise<string> {
  // pdf.js wants a plain Uint8Array (not a Buffer) and may take ownership of it: give it a copy.
  const task = getDocument({ ...options, data: new Uint8Array(bytes) });
  try {
    const doc = await task.promise;
    if (doc.numPages > MAX_PDF_PAGES) throw new ExtractionError(TOO_MUCH_TEXT, 'too-large');
    const lines: PlacedLine[] = [];
    let characters = 0;
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const content = await page.getTextContent();
      const items = content.items.filter((item): item is TextItem => 'str' in item);
      const placed = pageLines(items, page.view[3] ?? 0);
      lines.push(...placed);
      page.cleanup();
      characters += placed.reduce((sum, line) => sum + line.text.length, 0);
      if (characters > MAX_TEXT_CHARS) throw new ExtractionError(TOO_MUCH_TEXT, 'too-large');
    }
    return linesToText(lines);
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
