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
