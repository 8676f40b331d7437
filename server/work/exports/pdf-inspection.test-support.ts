/*
 * Test-only helpers for the PDF exporters: they read a rendered PDF back with pdf.js, the
 * way a reader's viewer does. Nothing in the app imports this file.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { TextItem } from 'pdfjs-dist/types/src/display/api';
import { expect } from 'vitest';
import type { ExportFeedback } from './types';

export interface Annotation {
  subtype: string;
  rect: number[];
  contentsObj?: { str: string };
  titleObj?: { str: string };
  color?: Uint8ClampedArray;
  quadPoints?: ArrayLike<number>;
  url?: string;
}
export interface InspectedPage {
  annotations: Annotation[];
  items: TextItem[];
  text: string;
}

/** What a reader's viewer sees: each page's annotations and positioned text, via pdf.js. */
export async function inspect(bytes: Uint8Array): Promise<InspectedPage[]> {
  const task = getDocument({ data: bytes.slice(), verbosity: 0 });
  const pdf = await task.promise;
  const pages: InspectedPage[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const page = await pdf.getPage(i);
    const items = (await page.getTextContent()).items.filter((it): it is TextItem => 'str' in it);
    const annotations = (await page.getAnnotations()) as Annotation[];
    pages.push({ annotations, items, text: items.map((it) => it.str).join(' ') });
  }
  await task.destroy();
  return pages;
}

export const highlights = (page: InspectedPage) =>
  page.annotations.filter((a) => a.subtype === 'Highlight');
export const notes = (page: InspectedPage) => page.annotations.filter((a) => a.subtype === 'Text');

/** The highlight lies on the text item holding the passage, at about the passage's place. */
export function expectOnPassage(page: InspectedPage, rect: number[], passage: string) {
  const item = page.items.find((it) => it.str.includes(passage));
  expect(item, `no text item holds "${passage}"`).toBeDefined();
  const [, , , , x, y] = item!.transform as number[];
  const [x1, y1, x2, y2] = rect as [number, number, number, number];
  expect(y1).toBeLessThan(y! + item!.height);
  expect(y2).toBeGreaterThan(y!);
  expect(x1).toBeGreaterThanOrEqual(x! - 1);
  expect(x2).toBeLessThanOrEqual(x! + item!.width + 1);
  const at = item!.str.indexOf(passage) / item!.str.length;
  const share = passage.length / item!.str.length;
  expect(Math.abs(x1 - (x! + at * item!.width))).toBeLessThan(0.1 * item!.width + 5);
  expect(Math.abs(x2 - x1 - share * item!.width)).toBeLessThan(0.1 * item!.width + 5);
}

export function feedback(
  over: Partial<ExportFeedback> & Pick<ExportFeedback, 'id'>,
): ExportFeedback {
  return {
    type: 'text',
    content: '',
    pageNumber: 1,
    startOffset: null,
    endOffset: null,
    highlightedText: null,
    transcript: null,
    audioUrl: null,
    audioDuration: null,
    createdAt: '2025-03-01T09:00:00.000Z',
    ...over,
  };
}

export function anchored(
  pages: string[],
  pageNumber: number,
  quote: string,
  over: Partial<ExportFeedback>,
) {
  const start = pages[pageNumber - 1]!.indexOf(quote);
  return {
    pageNumber,
    startOffset: start,
    endOffset: start + quote.length,
    highlightedText: quote,
    ...over,
  };
}

/** An upright box [left, bottom, right, top] in PDF units. */
export type Box = [number, number, number, number];

/** The boxes of an annotation's quads, whatever order its corners are listed in. */
export function quadBoxes(annotation: Annotation): Box[] {
  const points = Array.from(annotation.quadPoints ?? []);
  const boxes: Box[] = [];
  for (let i = 0; i + 8 <= points.length; i += 8) {
    const xs = [points[i]!, points[i + 2]!, points[i + 4]!, points[i + 6]!];
    const ys = [points[i + 1]!, points[i + 3]!, points[i + 5]!, points[i + 7]!];
    boxes.push([Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]);
  }
  return boxes;
}

/**
 * Where pdf.js puts a passage on a page, one box per line: the text items holding its
 * letters (compared without spacing, hyphens or case), cut at the passage's first and last
 * letter. `exact` edges fall on an item's own ends; inside an item, pdf.js gives no glyph
 * positions, so the cut is by its share of the item's characters.
 */
export function passageBoxes(
  page: InspectedPage,
  passage: string,
): Array<{
  box: Box;
  exactLeft: boolean;
  exactRight: boolean;
  itemWidth: number;
  size: number;
}> {
  const squeeze = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  const wanted = squeeze(passage);
  const letters: Array<{ item: number; unit: number }> = [];
  page.items.forEach((item, i) => {
    for (let u = 0; u < item.str.length; u++) {
      if (/[\p{L}\p{N}]/u.test(item.str[u]!)) letters.push({ item: i, unit: u });
    }
  });
  const all = letters.map(({ item, unit }) => squeeze(page.items[item]!.str[unit]!)).join('');
  const at = all.indexOf(wanted);
  expect(at, `"${passage}" is not on the page`).not.toBe(-1);
  expect(all.indexOf(wanted, at + 1), `"${passage}" is on the page twice`).toBe(-1);
  const used = letters.slice(at, at + wanted.length);
  const lines: Array<{
    box: Box;
    exactLeft: boolean;
    exactRight: boolean;
    itemWidth: number;
    size: number;
  }> = [];
  for (const index of new Set(used.map((l) => l.item))) {
    const item = page.items[index]!;
    const units = used.filter((l) => l.item === index).map((l) => l.unit);
    const [from, to] = [Math.min(...units), Math.max(...units) + 1];
    const [, , , , x, y] = item.transform as number[];
    const share = (u: number) => x! + (item.width * u) / item.str.length;
    const trimmedEnd = item.str.trimEnd().length;
    const box: Box = [share(from), y!, share(to), y! + item.height];
    const exactLeft = item.str.slice(0, from).trim() === '';
    const exactRight = to >= trimmedEnd;
    const line = lines.find((l) => Math.abs(l.box[1] - y!) < item.height / 2);
    if (!line) {
      lines.push({ box, exactLeft, exactRight, itemWidth: item.width, size: item.height });
    } else {
      line.itemWidth = Math.max(line.itemWidth, item.width);
      if (box[0] < line.box[0]) [line.box[0], line.exactLeft] = [box[0], exactLeft];
      if (box[2] > line.box[2]) [line.box[2], line.exactRight] = [box[2], exactRight];
      // The words of a slanted line (a tilted photo's text layer) sit at several heights.
      line.box[1] = Math.min(line.box[1], box[1]);
      line.box[3] = Math.max(line.box[3], box[3]);
      line.size = Math.max(line.size, item.height);
    }
  }
  return lines;
}

/**
 * The highlight has one quad per line of the passage, each over the passage's words on
 * that line: within 2 points where pdf.js gives the position exactly (an item's ends),
 * within 5% of the item's width where the cut falls inside an item (pdf.js has no glyph
 * positions, and a share of characters is not a share of width in a proportional font).
 */
export function expectQuadsOnPassage(page: InspectedPage, mark: Annotation, passage: string) {
  const wanted = passageBoxes(page, passage);
  const quads = quadBoxes(mark);
  expect(quads, `one quad per line of "${passage}"`).toHaveLength(wanted.length);
  quads.forEach((quad, i) => {
    const { box, exactLeft, exactRight, itemWidth, size } = wanted[i]!;
    const tolerance = (exact: boolean) => (exact ? 2 : 2 + 0.05 * itemWidth);
    expect(Math.abs(quad[0] - box[0]), `left edge of line ${i + 1}`).toBeLessThan(
      tolerance(exactLeft),
    );
    expect(Math.abs(quad[2] - box[2]), `right edge of line ${i + 1}`).toBeLessThan(
      tolerance(exactRight),
    );
    // The quad covers the line's letters from just below the baseline to the cap height.
    expect(quad[1]).toBeLessThanOrEqual(box[1]);
    expect(quad[3]).toBeGreaterThanOrEqual(box[1] + 0.6 * (box[3] - box[1]));
    expect(quad[3] - quad[1]).toBeLessThan(box[3] - box[1] + 0.5 * size);
  });
}
