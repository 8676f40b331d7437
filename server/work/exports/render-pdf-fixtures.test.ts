/*
 * The annotated PDF of real pupil-like PDFs (LibreOffice output, see extraction/fixtures):
 * their text goes through the real extraction (reflowed, hyphens mended, running headers
 * dropped), feedback is anchored on that text, and the highlights must land on the words
 * where pdf.js finds them in the file.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { paginate } from '../../records/documents/pages';
import { extractPdf } from '../extraction/engines/pdf';
import {
  anchored,
  expectQuadsOnPassage,
  feedback,
  highlights,
  type InspectedPage,
  inspect,
  notes,
  quadBoxes,
} from './pdf-inspection.test-support';
import { renderDocumentPdf } from './render-pdf';
import type { ExportFeedback } from './types';

const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`../extraction/fixtures/${name}`, import.meta.url)));

async function annotate(name: string, items: (pages: string[]) => ExportFeedback[]) {
  const bytes = fixture(name);
  const pages = paginate((await extractPdf(bytes)).text);
  const out = await renderDocumentPdf(
    {
      title: 'Work',
      author: 'Zoë',
      teacherName: 'Mr N',
      pages,
      feedback: items(pages),
      original: { kind: 'pdf', bytes },
    },
    { annotations: true },
  );
  return { pages, pdf: await inspect(out) };
}

const byContents = (page: InspectedPage, contents: string) =>
  highlights(page).find((a) => a.contentsObj?.str === contents);

describe('annotated PDF of a two-column paper (word-by-word text, hyphenated, running header)', () => {
  let pdf: InspectedPage[];
  beforeAll(async () => {
    ({ pdf } = await annotate('paper-two-column.pdf', (pages) => {
      // The text reads "praedialities": the PDF has "praediali-" at a line end, "ties" below.
      const across = 'holotype praedialities greening woodhens';
      expect(pages[0]).toContain(across);
      return [
        feedback({
          id: 'one',
          content: 'One line',
          ...anchored(pages, 1, 'woodhens pencraft', {}),
        }),
        feedback({ id: 'two', content: 'Two lines', ...anchored(pages, 1, across, {}) }),
        feedback({
          id: 'audio',
          type: 'audio',
          content: 'Listen to this bit',
          transcript: 'You chose strong words here.',
          audioUrl: 'https://school.example/api/audio/abc',
          audioDuration: 4,
          ...anchored(pages, 1, 'Haltless balections irrationality', {}),
        }),
      ];
    }));
  });

  it('highlights a passage on one line with one quad over its words', () => {
    const mark = byContents(pdf[0]!, 'One line');
    expect(mark?.subtype).toBe('Highlight');
    expectQuadsOnPassage(pdf[0]!, mark!, 'woodhens pencraft');
  });

  it('highlights a passage across a hyphenated line end with one quad per line', () => {
    const mark = byContents(pdf[0]!, 'Two lines')!;
    expect(mark.quadPoints).toHaveLength(16);
    expectQuadsOnPassage(pdf[0]!, mark, 'holotype praediali- ties greening woodhens');
  });

  it('gives an audio highlight the transcript, the teacher’s note and the link', () => {
    const contents =
      'Audio feedback (0:04): You chose strong words here. — Teacher’s note: Listen to this bit — listen: https://school.example/api/audio/abc'.replace(
        '’',
        "'",
      );
    const mark = byContents(pdf[0]!, contents);
    expect(mark, 'audio highlight').toBeDefined();
    expectQuadsOnPassage(pdf[0]!, mark!, 'Haltless balections irrationality');
  });
});

describe('annotated PDF of an essay exported from Word (a line per text item)', () => {
  let pdf: InspectedPage[];
  let pages: string[];
  const overBreak = 'anything else. Next summer';
  beforeAll(async () => {
    ({ pdf, pages } = await annotate('essay.pdf', (texts) => {
      const moved = 'curved prisms that bend the light';
      const at = texts[0]!.indexOf(moved);
      return [
        feedback({
          id: 'm',
          content: 'Two lines',
          ...anchored(texts, 1, 'It stands on a rocky hill', {}),
        }),
        feedback({ id: 'b', content: 'Over the page', ...anchored(texts, 1, overBreak, {}) }),
        // Stored against page 2 with stale offsets, as if the text had been read again.
        feedback({
          id: 'x',
          content: 'Moved',
          pageNumber: 2,
          startOffset: at + 900,
          endOffset: at + 900 + moved.length,
          highlightedText: moved,
        }),
        feedback({
          id: 'gone',
          content: 'Lost',
          pageNumber: 1,
          highlightedText: 'a purple dragon',
        }),
      ];
    }));
  });

  it('puts one quad on each line of a two-line passage, over its words', () => {
    const mark = byContents(pdf[0]!, 'Two lines')!;
    expect(mark.subtype).toBe('Highlight');
    expectQuadsOnPassage(pdf[0]!, mark, 'It stands on a rocky hill');
    expect(quadCount(mark)).toBe(2);
  });

  it('cuts a line of the essay at its words’ own edges', async () => {
    const { pdf: out } = await annotate('essay.pdf', (texts) => [
      feedback({
        id: 'g',
        content: 'Gull',
        ...anchored(texts, 1, 'the old lighthouse at Gull Point', {}),
      }),
    ]);
    // pdf.js has one item for the whole line; where "the" starts and "Point" ends was
    // measured independently with poppler (pdftotext -bbox: 292.6 and 445.8 less the full stop).
    const [quad] = quadBoxes(byContents(out[0]!, 'Gull')!);
    expect(quad![0]).toBeCloseTo(292.6, 0);
    expect(quad![2]).toBeCloseTo(442.8, 0);
  });

  it('splits a passage over a page break into a highlight on each page', () => {
    expect(pages.join(' ')).toContain(overBreak);
    expectQuadsOnPassage(pdf[0]!, byContents(pdf[0]!, 'Over the page')!, 'anything else. Next');
    expectQuadsOnPassage(pdf[1]!, byContents(pdf[1]!, 'Over the page')!, 'summer');
  });

  it('finds a passage whose stored page and offsets are stale', () => {
    expectQuadsOnPassage(
      pdf[0]!,
      byContents(pdf[0]!, 'Moved')!,
      'curved prisms that bend the light',
    );
  });

  it('leaves a note that says so for a passage that is not in the file', () => {
    const all = pdf.flatMap((page) => notes(page).map((n) => n.contentsObj?.str));
    expect(all).toContain('On “a purple dragon” (passage not found): Lost');
    expect(pdf.at(-1)!.text).toContain('This passage was not found in the document.');
  });
});

function quadCount(mark: { quadPoints?: ArrayLike<number> }) {
  return (mark.quadPoints?.length ?? 0) / 8;
}

describe('annotated PDF of a photographed page with an OCR text layer (tilted, word by word)', () => {
  it('puts one quad on each line of the passage, along the words', async () => {
    const passage =
      'hill at the end of a long sandy path, and from the car park it looks as small as a white pencil. We walked';
    const { pdf } = await annotate('essay-page-scan.pdf', (texts) => [
      feedback({ id: 's', content: 'Scan', ...anchored(texts, 1, passage, {}) }),
    ]);
    const mark = byContents(pdf[0]!, 'Scan')!;
    expect(mark.subtype).toBe('Highlight');
    expectQuadsOnPassage(pdf[0]!, mark, passage);
  });
});
