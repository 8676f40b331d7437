import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anchored,
  expectOnPassage,
  feedback,
  highlights,
  type InspectedPage,
  inspect,
  notes,
} from './pdf-inspection.test-support';
import { renderDocumentPdf } from './render-pdf';
import type { ExportInput } from './types';

/** A pupil's PDF: two pages of three lines each, in Helvetica, with known text. */
async function makeOriginal(lines: string[][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const pageLines of lines) {
    const page = doc.addPage([595, 842]);
    pageLines.forEach((line, i) => {
      page.drawText(line, { x: 72, y: 760 - 24 * i, size: 12, font });
    });
  }
  return doc.save();
}

describe('renderDocumentPdf, annotating the original PDF', () => {
  const pdfLines = [
    ['My holiday was there in Wales.', 'We swam in the cold sea.', 'Zoë found a crab there.'],
    ['Then we went home by train.', 'I liked it there the most.', 'The end.'],
  ];
  // The extracted text re-split into "pages" that do not follow the PDF's own pages.
  const pages = [
    'My holiday was there in Wales. We swam in the cold sea.',
    'Zoë found a crab there.\nThen we went home by train. I liked it there the most. The end.',
  ];
  let original: Uint8Array;
  let out: InspectedPage[];
  beforeAll(async () => {
    original = await makeOriginal(pdfLines);
    const thirdThere = pages[1]!.lastIndexOf('there');
    const input: ExportInput = {
      title: 'Holiday',
      author: 'Zoë',
      teacherName: 'Mr Nguyễn',
      pages,
      original: { kind: 'pdf', bytes: original },
      feedback: [
        feedback({ id: 'a', content: 'Brr!', ...anchored(pages, 1, 'cold sea', {}) }),
        feedback({ id: 'b', content: 'Which crab?', ...anchored(pages, 2, 'found a crab', {}) }),
        feedback({
          id: 'c',
          content: 'Where?',
          pageNumber: 2,
          startOffset: thirdThere,
          endOffset: thirdThere + 5,
          highlightedText: 'there',
        }),
        feedback({ id: 'd', content: 'Missing', pageNumber: 1, highlightedText: 'a dragon' }),
        feedback({ id: 'e', content: 'Good ending.', pageNumber: 2 }),
      ],
    };
    out = await inspect(await renderDocumentPdf(input, { annotations: true }));
  });

  it('keeps the original pages and adds a summary page', () => {
    expect(out).toHaveLength(3);
    expect(out[0]!.text).toContain('My holiday was there in Wales.');
    expect(out[2]!.text).toContain('Feedback summary');
  });

  it('highlights each passage where it is in the original, on the right PDF page', () => {
    const first = highlights(out[0]!);
    expect(first.map((a) => a.contentsObj?.str)).toEqual(['Brr!', 'Which crab?']);
    expectOnPassage(out[0]!, first[0]!.rect, 'cold sea');
    expectOnPassage(out[0]!, first[1]!.rect, 'found a crab');
    const [where] = highlights(out[1]!);
    expect(where?.contentsObj?.str).toBe('Where?');
    // The third "there" of the text is the one on the second PDF page.
    expectOnPassage(out[1]!, where!.rect, 'there');
  });

  it('falls back to sticky notes for a page-wide note and for a passage it cannot find', () => {
    const all = out.flatMap((page) => notes(page).map((n) => n.contentsObj?.str));
    expect(all).toEqual(
      expect.arrayContaining(['On “a dragon” (passage not found): Missing', 'Good ending.']),
    );
    // Document page 2 starts on PDF page 1, so its page-wide note is there.
    expect(notes(out[0]!).map((n) => n.contentsObj?.str)).toContain('Good ending.');
  });

  it('highlights the original when the file store hands it over as a Node Buffer', async () => {
    const text = ['My holiday was there in Wales.'];
    const bytes = await renderDocumentPdf(
      {
        title: 'Holiday',
        author: 'Zoë',
        teacherName: 'Mr N',
        pages: text,
        // What files.read returns: pdf.js refuses a Buffer, so it must get a plain copy.
        original: { kind: 'pdf', bytes: Buffer.from(original) },
        feedback: [feedback({ id: 'w', content: 'Where?', ...anchored(text, 1, 'in Wales', {}) })],
      },
      { annotations: true },
    );
    const [mark] = highlights((await inspect(bytes))[0]!);
    expect(mark?.contentsObj?.str).toBe('Where?');
  });

  it('without annotations, returns the original bytes unchanged', async () => {
    const input = { title: 'x', author: 'y', teacherName: 'z', pages, feedback: [] };
    const bytes = await renderDocumentPdf(
      { ...input, original: { kind: 'pdf', bytes: original } },
      { annotations: false },
    );
    expect(bytes).toBe(original);
  });

  it('typesets the text when the original cannot be opened', async () => {
    const broken = new TextEncoder().encode('%PDF-1.7 this is not really a PDF');
    const bytes = await renderDocumentPdf(
      {
        title: 'Holiday',
        author: 'Zoë',
        teacherName: 'Mr N',
        pages,
        feedback: [],
        original: { kind: 'pdf', bytes: broken },
      },
      { annotations: true },
    );
    const pdf = await inspect(bytes);
    expect(pdf[0]!.text).toContain('My holiday was there in Wales.');
  });

  it('paints one box over a line that the PDF splits into several text items', async () => {
    const doc = await PDFDocument.create();
    const [plain, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    const page = doc.addPage([595, 842]);
    page.drawText('We swam in the', { x: 72, y: 700, size: 12, font: plain });
    page.drawText('cold sea', {
      x: 72 + plain.widthOfTextAtSize('We swam in the ', 12),
      y: 700,
      size: 12,
      font: bold,
    });
    const text = ['We swam in the cold sea'];
    const bytes = await renderDocumentPdf(
      {
        title: 'Swim',
        author: 'Zoë',
        teacherName: 'Mr N',
        pages: text,
        original: { kind: 'pdf', bytes: await doc.save() },
        feedback: [feedback({ id: 'x', content: 'Brr', ...anchored(text, 1, 'in the cold', {}) })],
      },
      { annotations: true },
    );
    const [mark] = highlights((await inspect(bytes))[0]!);
    expect(mark?.quadPoints).toHaveLength(8);
    const [x1, , x2] = mark!.rect as [number, number, number, number];
    expect(x2 - x1).toBeGreaterThan(plain.widthOfTextAtSize('in the co', 12));
  });

  it('places notes by position in a scan that has no text layer', async () => {
    const doc = await PDFDocument.create();
    for (let i = 0; i < 4; i++) doc.addPage([595, 842]);
    const text = ['first half of the essay', 'second half of the essay'];
    const bytes = await renderDocumentPdf(
      {
        title: 'Scan',
        author: 'Zoë',
        teacherName: 'Mr N',
        pages: text,
        original: { kind: 'pdf', bytes: await doc.save() },
        feedback: [feedback({ id: 's', content: 'Neat', ...anchored(text, 2, 'essay', {}) })],
      },
      { annotations: true },
    );
    const pagesOut = await inspect(bytes);
    expect(pagesOut).toHaveLength(5);
    expect(notes(pagesOut[3]!).map((n) => n.contentsObj?.str)).toEqual([
      'On “essay” (passage not found): Neat',
    ]);
  });
});
