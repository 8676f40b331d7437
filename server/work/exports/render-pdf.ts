import { PDFDocument } from 'pdf-lib';
import { drawingLabel, type Ink } from '../../../contract/ink';
import { lettersOf } from '../../../contract/passage-letters';
import { plainPageNumbers, pupilPageOf } from '../../../contract/pupil-pages';
import { runTask } from '../../platform/worker-pool';
import type { TextRange } from '../../records/feedback';
import { locateAnchor } from '../../records/feedback';
import { commentBody, commentText, inReadingOrder, safeLink } from './comment-text';
import { embedFonts } from './fonts';
import { LOCATE_PASSAGES_TASK, type LocatePassagesInput } from './locate-task';
import {
  addHighlight,
  addSquare,
  addStickyNote,
  HIGHLIGHT_COLOURS,
  type NoteMeta,
  type Quad,
} from './pdf-annotations';
import { addInk } from './pdf-ink';
import type { LocateResult } from './pdf-locate';
import { insertPhotoPage, rectInBox, regionRect } from './pdf-regions';
import { appendSummary, type SummaryEntry } from './pdf-summary';
import { quadsForRange, typesetDocument } from './pdf-typeset';
import type { ExportFeedback, ExportInput } from './types';

/** Finding the passages in a pupil's PDF; past this the export carries notes instead. */
const LOCATE_TIMEOUT_MS = 60_000;

export type { ExportFeedback, ExportInput, ExportOriginal } from './types';

/**
 * The document as a PDF. With annotations, each feedback item is a real PDF annotation
 * (a highlight with its note, or a sticky note) followed by a "Feedback summary" page; a
 * pupil's own PDF is annotated in place, anything else is typeset from its text.
 */
export async function renderDocumentPdf(
  input: ExportInput,
  options: { annotations: boolean },
): Promise<Uint8Array> {
  const original = input.original?.kind === 'pdf' ? input.original.bytes : null;
  if (!options.annotations) {
    return original ?? (await typesetDocument(input)).doc.save();
  }
  if (original) {
    const doc = await loadEditable(original);
    // An encrypted or damaged original cannot be written to: its text is typeset instead.
    if (doc) return annotateOriginal(input, doc, original);
  }
  return annotateTypeset(input);
}

/** One item with its passage checked against the current page text. */
interface Placed {
  item: ExportFeedback;
  pageIndex: number;
  range: TextRange | null;
  meta: NoteMeta;
  /** False once a passage was looked for in the file and is not there. */
  found: boolean;
}

/**
 * Each item's passage found in the text as it is now, by the resolver the review screen
 * uses: on its own page, or on a neighbouring one when a re-extraction moved it there.
 */
function place(input: ExportInput): Placed[] {
  return inReadingOrder(input.feedback).map((item) => {
    const meta = {
      id: item.id,
      contents: commentText(item),
      author: input.teacherName,
      createdAt: item.createdAt,
      colour: HIGHLIGHT_COLOURS[item.type],
    };
    // A region is on the file as handed in, not in the text: its page is the file's.
    if (item.region) {
      return { item, pageIndex: item.region.page - 1, range: null, meta, found: true };
    }
    const located = locateAnchor(input.pages, item, item);
    const pageIndex =
      Math.min(Math.max(1, located.pageNumber), Math.max(1, input.pages.length)) - 1;
    return { item, pageIndex, range: located.range, meta, found: true };
  });
}

/** Did the item point at a passage at all (as opposed to the page as a whole)? */
const wantsPassage = (p: Placed) => p.range !== null || Boolean(p.item.highlightedText);

/** A note whose passage was not found says which words it was about. */
function unanchored(p: Placed): NoteMeta {
  if (!wantsPassage(p)) return p.meta;
  const quote = p.item.highlightedText ?? '';
  return { ...p.meta, contents: `On “${quote}” (passage not found): ${p.meta.contents}` };
}

async function annotateTypeset(input: ExportInput): Promise<Uint8Array> {
  const { doc, fonts, lines, firstPageOf } = await typesetDocument(input);
  const notes = new StickyNotes(doc);
  const placed = place(input);
  for (const p of placed) {
    if (p.item.region) continue; // on the photo's page, below
    const quads = p.range
      ? quadsForRange(input.pages[p.pageIndex] ?? '', lines[p.pageIndex] ?? [], p.range)
      : new Map();
    if (wantsPassage(p)) p.found = quads.size > 0;
    highlightOrNote(doc, notes, quads, p, firstPageOf[p.pageIndex] ?? 0);
  }
  await squaresOnPhoto(doc, fonts, notes, input, placed);
  await appendSummary(doc, fonts, input, summaryEntries(input, placed));
  return doc.save();
}

async function annotateOriginal(
  input: ExportInput,
  doc: PDFDocument,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  const fonts = await embedFonts(doc);
  const pageLetters = input.pages.map((page) => lettersOf(page));
  const docText = pageLetters.map((page) => page.letters).join('');
  const pageBase: number[] = [];
  let sum = 0;
  for (const page of pageLetters) {
    pageBase.push(sum);
    sum += page.letters.length;
  }
  const placed = place(input);
  const queries = placed.map((p) => {
    const text = input.pages[p.pageIndex] ?? '';
    const offset = p.range?.start ?? p.item.startOffset ?? 0;
    const before = pageLetters[p.pageIndex]?.at.findIndex((at) => at >= offset) ?? -1;
    const docPos =
      (pageBase[p.pageIndex] ?? 0) +
      (before === -1 ? (pageLetters[p.pageIndex]?.letters.length ?? 0) : before);
    const quote = wantsPassage(p)
      ? p.range
        ? text.slice(p.range.start, p.range.end)
        : p.item.highlightedText!
      : '';
    return { needle: lettersOf(quote).letters, docPos };
  });
  // pdf.js reads the PDF in the worker pool, never in this (the web server's) thread. A
  // file it cannot read, or a worker that fails, leaves notes where highlights would be.
  const located = await runTask<LocateResult | null>(
    LOCATE_PASSAGES_TASK,
    { bytes, docText, queries } satisfies LocatePassagesInput,
    { timeoutMs: LOCATE_TIMEOUT_MS },
  ).catch(() => null);
  const notes = new StickyNotes(doc);
  const pageCount = doc.getPageCount();
  placed.forEach((p, i) => {
    if (p.item.region) {
      squareOnPage(doc, notes, p, p.item.region, p.item.ink ?? null);
      return;
    }
    const { docPos } = queries[i]!;
    // A scan has no text layer: its notes then go by the same share of the page count.
    const guessPage =
      located?.guessPages[i] ??
      Math.min(pageCount - 1, Math.floor((docPos / Math.max(1, docText.length)) * pageCount));
    const quads = new Map<number, Quad[]>(located?.quads[i] ?? []);
    if (wantsPassage(p)) p.found = quads.size > 0;
    highlightOrNote(doc, notes, quads, p, guessPage);
  });
  await appendSummary(doc, fonts, input, summaryEntries(input, placed));
  return doc.save();
}

/**
 * A region's square, or a drawing's ink, on its page of the pupil's PDF; a page that is not
 * there gets a note.
 */
function squareOnPage(
  doc: PDFDocument,
  notes: StickyNotes,
  p: Placed,
  region: Region,
  ink: Ink | null,
) {
  if (region.page > doc.getPageCount()) {
    p.found = false;
    notes.add(doc.getPageCount() - 1, p.meta);
    return;
  }
  const page = doc.getPage(region.page - 1);
  if (ink) {
    addInk(doc, page, ink, { box: page.getCropBox(), rotation: page.getRotation().angle }, p.meta);
    return;
  }
  addSquare(doc, page, regionRect(page, region), p.meta);
}

/**
 * A photo's regions: the photo goes in front of the typeset text as its own page, and each
 * region's square (or drawing's ink) over the part of the image it was drawn on. Without a photo to show (a
 * damaged one, or a PDF that could not be written to), the note goes on the first page.
 */
async function squaresOnPhoto(
  doc: PDFDocument,
  fonts: Awaited<ReturnType<typeof embedFonts>>,
  notes: StickyNotes,
  input: ExportInput,
  placed: Placed[],
) {
  const original = input.original;
  const photo =
    original && (original.kind === 'jpg' || original.kind === 'png')
      ? await insertPhotoPage(doc, fonts, original, 0)
      : null;
  for (const p of placed) {
    const region = p.item.region;
    if (!region) continue;
    if (photo && region.page === 1) {
      if (p.item.ink)
        addInk(doc, photo.page, p.item.ink, { box: photo.imageBox, rotation: 0 }, p.meta);
      else addSquare(doc, photo.page, rectInBox(photo.imageBox, region), p.meta);
    } else {
      p.found = false;
      const where = p.item.ink ? drawingLabel(region.page) : `Region on page ${region.page}`;
      notes.add(0, { ...p.meta, contents: `${where}: ${p.meta.contents}` });
    }
  }
}

type Region = NonNullable<ExportFeedback['region']>;

function highlightOrNote(
  doc: PDFDocument,
  notes: StickyNotes,
  quads: Map<number, Quad[]>,
  p: Placed,
  fallbackPage: number,
) {
  if (quads.size === 0) {
    notes.add(fallbackPage, unanchored(p));
    return;
  }
  for (const [pageIndex, pageQuads] of quads) {
    addHighlight(doc, doc.getPage(pageIndex), pageQuads, p.meta);
  }
}

/** Sticky notes stack down the top right corner of their page instead of covering each other. */
class StickyNotes {
  private readonly perPage = new Map<number, number>();

  constructor(private readonly doc: PDFDocument) {}

  add(pageIndex: number, meta: NoteMeta) {
    const page = this.doc.getPage(Math.min(Math.max(0, pageIndex), this.doc.getPageCount() - 1));
    const count = this.perPage.get(pageIndex) ?? 0;
    this.perPage.set(pageIndex, count + 1);
    const box = page.getCropBox();
    const perColumn = Math.max(1, Math.floor((box.height - 32) / 26));
    const [column, row] = [Math.floor(count / perColumn), count % perColumn];
    const at = { x: box.x + box.width - 36 - 26 * column, y: box.y + box.height - 16 - 26 * row };
    addStickyNote(this.doc, page, at, meta);
  }
}

function summaryEntries(input: ExportInput, placed: Placed[]): SummaryEntry[] {
  const numbers = input.pageNumbers ?? plainPageNumbers(input.pages.length);
  return placed.map((p, i) => ({
    number: i + 1,
    // The pupil's page: a region's page of the file, or the number of the passage's text page.
    pageNumber: pupilPageOf({ ...p.item, pageNumber: p.pageIndex + 1 }, numbers),
    type: p.item.type,
    quote: p.range
      ? (input.pages[p.pageIndex] ?? '').slice(p.range.start, p.range.end)
      : p.item.highlightedText,
    body: commentBody(p.item),
    link: p.item.type === 'audio' ? safeLink(p.item.audioUrl) : null,
    notFound: !p.found,
    region: Boolean(p.item.region),
    drawing: Boolean(p.item.ink),
    crop: p.item.regionCrop ?? null,
  }));
}

async function loadEditable(bytes: Uint8Array): Promise<PDFDocument | null> {
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    return doc.isEncrypted || doc.getPageCount() === 0 ? null : doc;
  } catch {
    return null;
  }
}
