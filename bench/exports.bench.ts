/*
 * Render times of the download formats for a 5-page document (300 words a page) with
 * 20 feedback items, against pdf-lib writing an empty 5-page PDF as a floor; and the
 * annotated PDF of a real producer's 5-page PDF (the LibreOffice two-column paper of the
 * extraction fixtures: word-by-word text, hyphenation, running header) with 20 items.
 * Run: npx tsx bench/exports.bench.ts
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { paginate } from '../server/records/documents/pages';
import { MeasuredFont } from '../server/work/exports/fonts';
import { renderDocumentDocx } from '../server/work/exports/render-docx';
import { renderDocumentPdf } from '../server/work/exports/render-pdf';
import { wrapLines } from '../server/work/exports/text-layout';
import type { ExportFeedback, ExportInput } from '../server/work/exports/types';
import { extractPdf } from '../server/work/extraction/engines/pdf';

const RUNS = 15;
const VOCABULARY = (
  'the a pupil wrote about summer holidays at the seaside with family and friends where ' +
  'waves crashed on rocks while gulls cried overhead and Zoë built castles from wet sand ' +
  'until the tide came in and washed everything away leaving shells scattered everywhere'
).split(' ');

function makePages(): string[] {
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: 5 }, () => {
    const words = Array.from({ length: 300 }, () => VOCABULARY[next() % VOCABULARY.length]);
    // Paragraphs of about 60 words, as an essay has.
    return words.map((w, i) => (i > 0 && i % 60 === 0 ? `\n\n${w}` : w)).join(' ');
  });
}

function makeFeedback(pages: string[]): ExportFeedback[] {
  return Array.from({ length: 20 }, (_, i) => {
    const page = pages[i % 5]!;
    const start = page.indexOf(' ', 40 + i * 53) + 1;
    const end = page.indexOf(' ', start + 25);
    const audio = i % 3 === 0;
    const wholePage = i % 7 === 6;
    return {
      id: `f${i}`,
      type: audio ? 'audio' : 'text',
      content: audio ? '' : `Comment ${i}: think about this sentence again.`,
      pageNumber: (i % 5) + 1,
      startOffset: wholePage ? null : start,
      endOffset: wholePage ? null : end,
      highlightedText: wholePage ? null : page.slice(start, end),
      transcript: audio ? `Transcript of recording ${i}.` : null,
      audioUrl: audio ? `https://school.example/api/audio/f${i}` : null,
      audioDuration: audio ? 42 : null,
      createdAt: '2025-03-01T09:00:00.000Z',
    };
  });
}

/** A pupil's own PDF of the same text in Helvetica, flowing freely across its pages. */
async function makeOriginal(pages: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const measured = new MeasuredFont(font);
  const text = pages.join(' ');
  let page = doc.addPage([595, 842]);
  let y = 780;
  for (const line of wrapLines(text, measured, 12, 450)) {
    if (y < 72) {
      page = doc.addPage([595, 842]);
      y = 780;
    }
    page.drawText(text.slice(line.start, line.end), { x: 72, y, size: 12, font });
    y -= 17;
  }
  return doc.save();
}

async function measure(name: string, run: () => Promise<Uint8Array>) {
  let start = performance.now();
  const first = await run();
  const cold = performance.now() - start;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)]!;
  const row = `${name.padEnd(34)} ${cold.toFixed(1).padStart(8)} ${median.toFixed(1).padStart(9)} ${times.at(-1)!.toFixed(1).padStart(8)} ${(first.length / 1024).toFixed(0).padStart(7)}`;
  console.log(row);
}

const pages = makePages();
const base: ExportInput = {
  title: 'My summer holiday',
  author: 'Zoë Nguyễn',
  teacherName: 'Mr Łukasz Kowalski',
  pages,
  feedback: makeFeedback(pages),
};
const original = await makeOriginal(pages);
const withOriginal: ExportInput = { ...base, original: { kind: 'pdf', bytes: original } };

console.log(`5 pages x 300 words, 20 feedback items; ${RUNS} warm runs after one cold run`);
console.log(
  `${'case'.padEnd(34)} ${'cold ms'.padStart(8)} ${'median ms'.padStart(9)} ${'max ms'.padStart(8)} ${'KiB'.padStart(7)}`,
);
await measure('baseline: pdf-lib empty 5 pages', async () => {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 5; i++) doc.addPage([595.28, 841.89]);
  return doc.save();
});
await measure('pdf, typeset, no annotations', () =>
  renderDocumentPdf(base, { annotations: false }),
);
await measure('pdf, typeset, annotated', () => renderDocumentPdf(base, { annotations: true }));
await measure('pdf, original, annotated', () =>
  renderDocumentPdf(withOriginal, { annotations: true }),
);
await measure('docx with comments', () => renderDocumentDocx(base));

const paperBytes = new Uint8Array(
  readFileSync(new URL('../server/work/extraction/fixtures/paper-two-column.pdf', import.meta.url)),
);
// The first five text pages: the paper's 5 PDF pages hold about 9 text pages of 300 words.
const paperPages = paginate((await extractPdf(paperBytes)).text);
const paper: ExportInput = {
  ...base,
  pages: paperPages,
  feedback: makeFeedback(paperPages),
  original: { kind: 'pdf', bytes: paperBytes },
};
const paperPdf = await renderDocumentPdf(paper, { annotations: true });
const reread = await PDFDocument.load(paperPdf);
const highlighted = reread
  .getPages()
  .flatMap((page) => page.node.Annots()?.asArray() ?? [])
  .filter((ref) => String(reread.context.lookup(ref)).includes('/Subtype /Highlight')).length;
const stickies = reread
  .getPages()
  .flatMap((page) => page.node.Annots()?.asArray() ?? [])
  .filter((ref) => String(reread.context.lookup(ref)).includes('/Subtype /Text')).length;
const pageWide = paper.feedback.filter((item) => item.highlightedText === null).length;
console.log(
  `(two-column paper: ${highlighted} highlights and ${stickies} notes for 20 items, ${pageWide} of them page-wide)`,
);
await measure('pdf, LibreOffice paper, annotated', () =>
  renderDocumentPdf(paper, { annotations: true }),
);
