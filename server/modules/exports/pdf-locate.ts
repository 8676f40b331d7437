import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { estimateWidth, type FontFamily, familyOf, loadStandardMetrics } from './glyph-widths';
import type { Quad } from './pdf-annotations';

/*
 * Finding a passage in the pupil's own PDF. The document's text was extracted from it and
 * re-split into pages of 300 words, so a document page is not a PDF page and whitespace
 * differs between the two. Both sides are therefore compared with all whitespace removed:
 * what remains is the same sequence of characters, and each of the PDF's characters
 * remembers the text item (a positioned run of glyphs) it came from.
 */

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface OriginalText {
  pageCount: number;
  /** The whole PDF's text, whitespace removed. */
  chars: string;
  /** Per character of `chars`: its PDF page index, text item index and unit in the item. */
  pageOf: Int32Array;
  itemOf: Int32Array;
  unitOf: Int32Array;
  items: PlacedText[][];
}

/** A pdf.js text item and the kind of font it is set in. */
export type PlacedText = TextItem & { family: FontFamily };

export function stripWhitespace(text: string): string {
  return text.replace(/[\s\u00ad]/gu, '');
}

export async function readOriginalText(bytes: Uint8Array): Promise<OriginalText> {
  await loadStandardMetrics();
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given; the caller still needs the bytes.
    data: bytes.slice(),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    standardFontDataUrl: join(pdfjsRoot, 'standard_fonts/'),
    cMapUrl: join(pdfjsRoot, 'cmaps/'),
    cMapPacked: true,
  });
  try {
    const pdf = await task.promise;
    const items: PlacedText[][] = [];
    let chars = '';
    const pageOf: number[] = [];
    const itemOf: number[] = [];
    const unitOf: number[] = [];
    for (let p = 0; p < pdf.numPages; p++) {
      const content = await (await pdf.getPage(p + 1)).getTextContent();
      const pageItems = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => ({ ...item, family: familyOf(content.styles[item.fontName]?.fontFamily) }));
      items.push(pageItems);
      pageItems.forEach((item, i) => {
        for (let u = 0; u < item.str.length; u++) {
          const char = item.str[u]!;
          if (/[\s\u00ad]/u.test(char)) continue;
          chars += char;
          pageOf.push(p);
          itemOf.push(i);
          unitOf.push(u);
        }
      });
    }
    return {
      pageCount: pdf.numPages,
      chars,
      pageOf: Int32Array.from(pageOf),
      itemOf: Int32Array.from(itemOf),
      unitOf: Int32Array.from(unitOf),
      items,
    };
  } finally {
    await task.destroy();
  }
}

/**
 * Where `needle` (whitespace removed) is in the PDF. `docText` is the document's text with
 * whitespace removed and `docPos` where the passage starts in it. When the passage occurs
 * as often in both, its rank picks the occurrence exactly (a teacher may mark one "there"
 * among many); otherwise the occurrence nearest the same relative position wins.
 */
export function findInOriginal(
  original: OriginalText,
  docText: string,
  needle: string,
  docPos: number,
): number | null {
  if (!needle) return null;
  const inPdf = occurrences(original.chars, needle);
  if (inPdf.length === 0) return null;
  const inDoc = occurrences(docText, needle);
  const rank = inDoc.indexOf(docPos);
  if (rank !== -1 && inDoc.length === inPdf.length) return inPdf[rank]!;
  const expected = expectedPosition(original, docText, docPos);
  return inPdf.reduce((best: number, at: number) =>
    Math.abs(at - expected) < Math.abs(best - expected) ? at : best,
  );
}

function occurrences(text: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) found.push(at);
  return found;
}

export function expectedPosition(original: OriginalText, docText: string, docPos: number) {
  return docText.length === 0 ? 0 : (docPos / docText.length) * original.chars.length;
}

/** The PDF page index a position in `chars` falls on (the last page past the end). */
export function pageAt(original: OriginalText, position: number): number {
  if (original.chars.length === 0) return 0;
  const at = Math.min(Math.max(0, Math.floor(position)), original.chars.length - 1);
  return original.pageOf[at]!;
}

/** One quad per run of characters of the match that sit in the same text item. */
export function quadsForMatch(
  original: OriginalText,
  start: number,
  end: number,
): Map<number, Quad[]> {
  const byPage = new Map<number, Quad[]>();
  let runStart = start;
  for (let i = start; i < end; i++) {
    const next = i + 1;
    const sameRun =
      next < end &&
      original.pageOf[next] === original.pageOf[i] &&
      original.itemOf[next] === original.itemOf[i];
    if (sameRun) continue;
    const page = original.pageOf[i]!;
    const item = original.items[page]![original.itemOf[i]!]!;
    const quad = itemQuad(item, original.unitOf[runStart]!, original.unitOf[i]! + 1);
    const quads = byPage.get(page) ?? [];
    const merged = quads.length > 0 ? joinOnLine(quads[quads.length - 1]!, quad) : null;
    if (merged) quads[quads.length - 1] = merged;
    else quads.push(quad);
    byPage.set(page, quads);
    runStart = next;
  }
  return byPage;
}

/**
 * Two upright boxes on the same line, the second just after the first, as one: pdf.js often
 * splits a line into items at font changes or word gaps, and the gap should be painted too.
 */
function joinOnLine(a: Quad, b: Quad): Quad | null {
  const upright = (q: Quad) => q[1] === q[3] && q[5] === q[7] && q[0] === q[4] && q[2] === q[6];
  if (!upright(a) || !upright(b)) return null;
  const height = a[1] - a[5];
  const sameLine = Math.abs(a[1] - b[1]) < 0.25 * height && Math.abs(a[5] - b[5]) < 0.25 * height;
  const gap = b[0] - a[2];
  if (!sameLine || gap < -1 || gap > height) return null;
  const top = Math.max(a[1], b[1]);
  const bottom = Math.min(a[5], b[5]);
  return [a[0], top, b[2], top, a[0], bottom, b[2], bottom];
}

/**
 * The box of units [from, to) of a text item: its origin, direction and width come from
 * pdf.js, the split inside it from estimated glyph widths (see glyph-widths.ts).
 */
function itemQuad(item: PlacedText, from: number, to: number): Quad {
  const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = item.transform as number[];
  const along = Math.hypot(a, b) || 1;
  const up = Math.hypot(c, d) || 1;
  const [ux, uy, vx, vy] = [a / along, b / along, c / up, d / up];
  const height = item.height || up;
  const total = estimateWidth(item.str, item.family);
  const scale = total > 0 ? item.width / total : 0;
  const s0 = scale
    ? estimateWidth(item.str.slice(0, from), item.family) * scale
    : (item.width * from) / item.str.length;
  const s1 = scale
    ? estimateWidth(item.str.slice(0, to), item.family) * scale
    : (item.width * to) / item.str.length;
  const point = (s: number, h: number): [number, number] => [
    e + ux * s + vx * h,
    f + uy * s + vy * h,
  ];
  const bottom = -0.22 * height;
  const top = 0.9 * height;
  return [...point(s0, top), ...point(s1, top), ...point(s0, bottom), ...point(s1, bottom)] as Quad;
}
