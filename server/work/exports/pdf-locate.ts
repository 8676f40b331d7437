import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { matchAcross } from '../../../contract/passage-letters';
import {
  dropRunningLines,
  findGutter,
  type PlacedLine,
  pageRuns,
  type Run,
  readingOrder,
} from '../extraction';
import { estimateWidth, type FontFamily, familyOf, loadStandardMetrics } from './glyph-widths';
import type { Quad } from './pdf-annotations';

/*
 * Finding a passage in the pupil's own PDF. The document's text was extracted from it,
 * reflowed (running headers, footers and page numbers dropped, line-end hyphens mended,
 * two columns read one after the other) and re-split into pages of 300 words, so neither
 * its pages nor its character offsets are the PDF's. Both sides are therefore compared as
 * their letters and digits alone, lower-cased: what remains is the same sequence whatever
 * the spacing, hyphenation or punctuation. The PDF's side is read line by line in the
 * extraction's own reading order (page-geometry.ts), and each of its letters remembers the
 * text item (a positioned run of glyphs) and the line it came from.
 */

const pdfjsRoot = dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

export interface OriginalText {
  pageCount: number;
  /** The whole PDF's letters and digits, lower-cased, in reading order. */
  chars: string;
  /** Per character of `chars`: its PDF page index, text item, line and units in the item. */
  pageOf: Int32Array;
  itemOf: Int32Array;
  lineOf: Int32Array;
  unitOf: Int32Array;
  unitEnd: Int32Array;
  items: PlacedText[][];
}

/** A pdf.js text item and the kind of font it is set in. */
export type PlacedText = TextItem & { family: FontFamily };

/** A line of a PDF page with the indices of the text items it is made of. */
type ItemLine = PlacedLine & { itemIndices: number[] };

const LETTER = /[\p{L}\p{N}]/u;

export async function readOriginalText(bytes: Uint8Array): Promise<OriginalText> {
  await loadStandardMetrics();
  const task = getDocument({
    // pdf.js takes ownership of the buffer it is given, and refuses a Node Buffer (what the
    // file store reads): a plain Uint8Array copy. Until this copy, every highlight of an
    // uploaded PDF fell back to a sticky note.
    data: new Uint8Array(bytes),
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
    const lines: ItemLine[][] = [];
    const gutters: Array<number | undefined> = [];
    const heights: number[] = [];
    for (let p = 0; p < pdf.numPages; p++) {
      const page = await pdf.getPage(p + 1);
      const content = await page.getTextContent();
      const pageItems = content.items
        .filter((item): item is TextItem => 'str' in item)
        .map((item) => ({ ...item, family: familyOf(content.styles[item.fontName]?.fontFamily) }));
      const [x0 = 0, y0 = 0, x1 = 595, y1 = 842] = page.view;
      const runs = pageRuns(pageItems, y1);
      const gutter = findGutter(runs, x1 - x0);
      items.push(pageItems);
      lines.push(itemLines(runs, gutter));
      gutters.push(gutter);
      heights.push(y1 - y0);
      page.cleanup();
    }
    const kept = dropRunningLines(lines, heights);
    let chars = '';
    const pageOf: number[] = [];
    const itemOf: number[] = [];
    const lineOf: number[] = [];
    const unitOf: number[] = [];
    const unitEnd: number[] = [];
    let lineId = 0;
    kept.forEach((pageLines, p) => {
      for (const line of readingOrder(pageLines, gutters[p])) {
        for (const i of line.itemIndices) {
          const str = pageItems(items, p, i).str;
          for (let u = 0; u < str.length; ) {
            const char = String.fromCodePoint(str.codePointAt(u)!);
            if (LETTER.test(char)) {
              for (const lower of char.toLowerCase()) {
                chars += lower;
                pageOf.push(p);
                itemOf.push(i);
                lineOf.push(lineId);
                unitOf.push(u);
                unitEnd.push(u + char.length);
              }
            }
            u += char.length;
          }
        }
        lineId++;
      }
    });
    return {
      pageCount: pdf.numPages,
      chars,
      pageOf: Int32Array.from(pageOf),
      itemOf: Int32Array.from(itemOf),
      lineOf: Int32Array.from(lineOf),
      unitOf: Int32Array.from(unitOf),
      unitEnd: Int32Array.from(unitEnd),
      items,
    };
  } finally {
    await task.destroy();
  }
}

/** A passage to find: its letters (lettersOf) and where it starts in the document's letters. */
export type LocateQuery = { needle: string; docPos: number };

export type LocateResult = {
  /** Per query: the PDF page its position falls on (null: the PDF has no text layer). */
  guessPages: Array<number | null>;
  /** Per query: its highlight quads by PDF page index, empty when not found. */
  quads: Array<Array<[number, Quad[]]>>;
};

/**
 * Finds each passage in the pupil's PDF: a task of the worker pool (server/work/worker-pool), so
 * pdf.js runs there and never in the web server. Null when pdf.js cannot read the file.
 */
export async function locatePassages(
  bytes: Uint8Array,
  docText: string,
  queries: LocateQuery[],
): Promise<LocateResult | null> {
  const original = await readOriginalText(bytes).catch(() => null);
  if (!original) return null;
  return {
    guessPages: queries.map(({ docPos }) =>
      original.chars.length ? pageAt(original, expectedPosition(original, docText, docPos)) : null,
    ),
    quads: queries.map(({ needle, docPos }) => {
      const at = findInOriginal(original, docText, needle, docPos);
      return at === null ? [] : [...quadsForMatch(original, at, at + needle.length)];
    }),
  };
}

const pageItems = (items: PlacedText[][], page: number, index: number) => items[page]![index]!;

/**
 * The page's items grouped into lines the way runsToLines groups them for extraction (a
 * run starts a new line after an end of line, off the baseline, or across the gutter),
 * keeping which items each line holds.
 */
function itemLines(runs: Run[], gutter: number | undefined): ItemLine[] {
  const lines: ItemLine[] = [];
  let line: ItemLine | undefined;
  let open = false;
  runs.forEach((run, index) => {
    if (run.text === '') {
      if (run.endsLine) open = false;
      return;
    }
    const acrossGutter =
      line !== undefined && gutter !== undefined && line.right <= gutter && run.left >= gutter;
    const continues =
      line !== undefined &&
      run.left >= line.right - run.size * 0.5 &&
      run.left - line.right < run.size * 3;
    const onBaseline = line !== undefined && Math.abs(line.top - run.top) <= run.size * 0.5;
    if (line && (open || continues) && onBaseline && !acrossGutter) {
      line.text += run.text;
      line.left = Math.min(line.left, run.left);
      line.right = Math.max(line.right, run.right);
      line.size = Math.max(line.size, run.size);
      line.top = run.top;
      line.itemIndices.push(index);
    } else {
      line = {
        text: run.text,
        left: run.left,
        right: run.right,
        top: run.top,
        size: run.size,
        itemIndices: [index],
      };
      lines.push(line);
    }
    open = !run.endsLine;
  });
  return lines.filter((l) => l.text.trim() !== '');
}

/** Where `needle` (letters only, see lettersOf) is in the PDF; see matchAcross. */
export function findInOriginal(
  original: OriginalText,
  docText: string,
  needle: string,
  docPos: number,
): number | null {
  return matchAcross(original.chars, docText, needle, docPos);
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

/**
 * The quads of a match, one per line of the PDF it covers: each text item's share of the
 * match is boxed, and the boxes of one line joined (with the gaps between words).
 */
export function quadsForMatch(
  original: OriginalText,
  start: number,
  end: number,
): Map<number, Quad[]> {
  const byPage = new Map<number, Quad[]>();
  let lineQuads: Quad[] = [];
  let runStart = start;
  for (let i = start; i < end; i++) {
    const next = i + 1;
    const sameItem =
      next < end &&
      original.pageOf[next] === original.pageOf[i] &&
      original.itemOf[next] === original.itemOf[i] &&
      original.unitOf[next]! >= original.unitEnd[i]!;
    if (sameItem) continue;
    const page = original.pageOf[i]!;
    const item = pageItems(original.items, page, original.itemOf[i]!);
    lineQuads.push(itemQuad(item, original.unitOf[runStart]!, original.unitEnd[i]!));
    runStart = next;
    const lineEnds = next >= end || original.lineOf[next] !== original.lineOf[i];
    if (!lineEnds) continue;
    const quads = byPage.get(page) ?? [];
    quads.push(...joinLine(lineQuads));
    byPage.set(page, quads);
    lineQuads = [];
  }
  return byPage;
}

/**
 * One line's boxes as one quad. Upright text takes the box around them all; slanted text
 * (the text layer of a tilted photo) runs from the first box's left edge to the last
 * box's right edge, along the line.
 */
function joinLine(quads: Quad[]): Quad[] {
  const upright = (q: Quad) => q[1] === q[3] && q[5] === q[7] && q[0] === q[4] && q[2] === q[6];
  if (quads.length < 2) return quads;
  if (quads.every(upright)) {
    const left = Math.min(...quads.map((q) => q[0]));
    const right = Math.max(...quads.map((q) => q[2]));
    const top = Math.max(...quads.map((q) => q[1]));
    const bottom = Math.min(...quads.map((q) => q[5]));
    return [[left, top, right, top, left, bottom, right, bottom]];
  }
  const [first, last] = [quads[0]!, quads[quads.length - 1]!];
  return [[first[0], first[1], last[2], last[3], first[4], first[5], last[6], last[7]]];
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
