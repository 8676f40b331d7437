import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  Document,
  ExternalHyperlink,
  HeadingLevel,
  ImageRun,
  Packer,
  Paragraph,
  type ParagraphChild,
  TextRun,
} from 'docx';
import { drawingLabel } from '../../../contract/ink';
import { isEmptyMark, RUBRIC_LEVEL_LABELS } from '../../../contract/marking-limits';
import { plainPageNumbers, pupilPageOf } from '../../../contract/pupil-pages';
import { locateAnchor } from '../../records/feedback';
import { commentBody, commentText, inReadingOrder, safeLink } from './comment-text';
import { drawable } from './fonts';
import type { ExportInput } from './types';

/** A comment's span in its page's text; start === end for a note on the whole page. */
interface Span {
  id: number;
  start: number;
  end: number;
}

/**
 * The document as Word: its text in paragraphs, one document page per Word page, and each
 * feedback item a real Word comment on exactly the words it is about (runs are split at
 * the passage's offsets). A note on the whole page is a comment at the page's first word.
 */
export async function renderDocumentDocx(input: ExportInput): Promise<Uint8Array> {
  const items = inReadingOrder(input.feedback);
  const pageCount = Math.max(1, input.pages.length);
  const spansByPage: Span[][] = Array.from({ length: pageCount }, () => []);
  const comments = items.map((item, id) => {
    const date = new Date(item.createdAt);
    const head = {
      id,
      author: input.teacherName,
      initials: initialsOf(input.teacherName),
      ...(Number.isNaN(date.getTime()) ? {} : { date }),
    };
    // A region is on the file as handed in, which Word does not show: its comment sits at
    // the start of the text and carries the picture of the region.
    if (item.region) {
      spansByPage[0]!.push(trimSpan(input.pages[0] ?? '', id, null));
      return { ...head, children: regionParagraphs(item, item.region.page) };
    }
    // Found by the resolver the review screen uses: on its page or a neighbouring one.
    const located = locateAnchor(input.pages, item, item);
    const pageIndex = Math.min(Math.max(1, located.pageNumber), pageCount) - 1;
    const text = input.pages[pageIndex] ?? '';
    const range = located.range;
    spansByPage[pageIndex]!.push(trimSpan(text, id, range));
    // A passage that could no longer be found keeps its quote in the comment.
    const lost =
      !range && item.highlightedText ? `On “${item.highlightedText}” (passage not found): ` : '';
    return {
      ...head,
      children: [new Paragraph({ children: [new TextRun(clean(lost + commentText(item)))] })],
    };
  });

  const body: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(clean(input.title))] }),
    new Paragraph({
      children: [new TextRun({ text: clean(`by ${input.author}`), italics: true })],
    }),
    ...markParagraphs(input.mark),
  ];
  for (let p = 0; p < pageCount; p++) {
    body.push(...pageParagraphs(input.pages[p] ?? '', spansByPage[p]!, p > 0));
  }
  body.push(...summary(input, items.length));

  const doc = new Document({
    title: input.title,
    creator: input.teacherName,
    comments: { children: comments },
    sections: [{ children: body }],
  });
  return new Uint8Array(await Packer.toBuffer(doc));
}

/** Comment ends sit on text, never on the spaces or line breaks around a passage. */
function trimSpan(text: string, id: number, range: { start: number; end: number } | null): Span {
  const firstWord = text.search(/\S/u);
  if (!range) {
    const at = firstWord === -1 ? 0 : firstWord;
    return { id, start: at, end: at };
  }
  let { start, end } = range;
  while (start < end && /\s/u.test(text[start]!)) start++;
  while (end > start && /\s/u.test(text[end - 1]!)) end--;
  return { id, start, end };
}

/** A page's paragraphs (its non-blank lines) with the comment marks cut into the runs. */
function pageParagraphs(text: string, spans: Span[], breakBefore: boolean): Paragraph[] {
  const segments: { start: number; end: number }[] = [];
  for (const line of text.matchAll(/[^\n]+/gu)) {
    if (line[0].trim()) segments.push({ start: line.index, end: line.index + line[0].length });
  }
  if (segments.length === 0) segments.push({ start: 0, end: text.length });
  return segments.map((segment, i) => {
    const isFirst = i === 0;
    const isLast = i === segments.length - 1;
    // Which marks belong here: a start inside [start, end), an end inside (start, end].
    const startsHere = (at: number) =>
      (isFirst || at >= segment.start) && (isLast || at < segment.end);
    const endsHere = (at: number) =>
      (isFirst || at > segment.start) && (isLast || at <= segment.end);
    const marks: { at: number; order: number; child: () => ParagraphChild[] }[] = [];
    for (const span of spans) {
      const point = span.start === span.end;
      if (startsHere(span.start)) {
        marks.push({ at: span.start, order: 1, child: () => [new CommentRangeStart(span.id)] });
      }
      if (point ? startsHere(span.end) : endsHere(span.end)) {
        // At one position: earlier comments close, then new ones open, then points close.
        marks.push({ at: span.end, order: point ? 2 : 0, child: () => closeComment(span.id) });
      }
    }
    marks.sort((a, b) => a.at - b.at || a.order - b.order);
    const children: ParagraphChild[] = [];
    let cursor = segment.start;
    for (const mark of marks) {
      const at = Math.min(Math.max(mark.at, segment.start), segment.end);
      if (at > cursor) children.push(new TextRun(clean(text.slice(cursor, at))));
      cursor = Math.max(cursor, at);
      children.push(...mark.child());
    }
    if (segment.end > cursor) children.push(new TextRun(clean(text.slice(cursor, segment.end))));
    return new Paragraph({ children, pageBreakBefore: breakBefore && isFirst });
  });
}

/** How a region or a drawing is named in Word, which does not show the page it is on. */
const placeOf = (item: ExportInput['feedback'][number], page: number) =>
  item.ink ? drawingLabel(page) : `Region on page ${page}`;

/**
 * "Region on page N" (or "Drawing on page N"), its picture (when kept) and the comment, for
 * Word. A drawing's picture shows the ink over the page.
 */
function regionParagraphs(item: ExportInput['feedback'][number], page: number): Paragraph[] {
  const paragraphs = [
    new Paragraph({ children: [new TextRun({ text: placeOf(item, page), bold: true })] }),
  ];
  const picture = item.regionCrop ? cropImage(item.regionCrop) : null;
  if (picture) paragraphs.push(new Paragraph({ children: [picture] }));
  paragraphs.push(new Paragraph({ children: [new TextRun(clean(commentText(item)))] }));
  return paragraphs;
}

const CROP_PIXELS = { width: 240, height: 180 };

/** The PNG at most 240 × 180 px in Word, its size read from its header. */
function cropImage(png: Uint8Array): ImageRun | null {
  const header = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (header.length < 24 || header.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = header.readUInt32BE(16);
  const height = header.readUInt32BE(20);
  if (!width || !height) return null;
  const scale = Math.min(1, CROP_PIXELS.width / width, CROP_PIXELS.height / height);
  return new ImageRun({
    type: 'png',
    data: header,
    transformation: { width: Math.round(width * scale), height: Math.round(height * scale) },
    altText: { name: 'Region', description: 'The region of the page', title: 'Region' },
  });
}

function closeComment(id: number): ParagraphChild[] {
  return [new CommentRangeEnd(id), new TextRun({ children: [new CommentReference(id)] })];
}

/** Comments hide in the margin and do not print everywhere: the list repeats them. */
function summary(input: ExportInput, count: number): Paragraph[] {
  if (count === 0) return [];
  const numbers = input.pageNumbers ?? plainPageNumbers(input.pages.length);
  // The pupil's page of where the passage is found now (it may have moved on re-reading).
  const pageOf = (item: ExportInput['feedback'][number]) =>
    pupilPageOf({ pageNumber: locateAnchor(input.pages, item, item).pageNumber }, numbers);
  const entries = inReadingOrder(input.feedback).flatMap((item, i) => {
    const link = item.type === 'audio' ? safeLink(item.audioUrl) : null;
    const where = item.region ? placeOf(item, item.region.page) : `Page ${pageOf(item)}`;
    const lines = [
      new Paragraph({ children: [new TextRun({ text: `${i + 1}. ${where}`, bold: true })] }),
    ];
    const picture = item.regionCrop ? cropImage(item.regionCrop) : null;
    if (picture) lines.push(new Paragraph({ children: [picture] }));
    if (item.highlightedText) {
      lines.push(
        new Paragraph({
          children: [
            new TextRun({
              text: clean(`“${item.highlightedText.replace(/\s+/gu, ' ').trim()}”`),
              italics: true,
            }),
          ],
        }),
      );
    }
    lines.push(new Paragraph({ children: [new TextRun(clean(commentBody(item)))] }));
    if (link) {
      lines.push(
        new Paragraph({
          children: [
            new TextRun('Listen: '),
            new ExternalHyperlink({
              link,
              children: [new TextRun({ text: link, style: 'Hyperlink' })],
            }),
          ],
        }),
      );
    }
    return lines;
  });
  return [
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      pageBreakBefore: true,
      text: 'Feedback summary',
    }),
    ...entries,
  ];
}

/** The mark and each rubric criterion's level, under the title, where a marker writes them. */
function markParagraphs(mark: ExportInput['mark']): Paragraph[] {
  if (!mark || isEmptyMark(mark)) return [];
  const lines: Paragraph[] = [];
  if (mark.mark) {
    lines.push(
      new Paragraph({
        children: [new TextRun({ text: 'Mark: ', bold: true }), new TextRun(clean(mark.mark))],
      }),
    );
  }
  for (const row of mark.rubric) {
    lines.push(
      new Paragraph({
        bullet: { level: 0 },
        children: [
          new TextRun({ text: clean(`${row.criterion}: `), bold: true }),
          new TextRun(RUBRIC_LEVEL_LABELS[row.level]),
        ],
      }),
    );
  }
  return lines;
}

function initialsOf(name: string): string {
  return name
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => [...word][0]!.toUpperCase())
    .join('')
    .slice(0, 3);
}

/** Control characters are not allowed in the XML, and a tab or CR would show as a gap anyway. */
function clean(text: string): string {
  return drawable(text);
}
