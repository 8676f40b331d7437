import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { extractText } from './extract-text';
import { joinHyphenated } from './hyphenation';
import {
  INDENTED_ESSAY,
  type Layout,
  layoutPdf,
  SCANNED_PAGE,
  SPACED_ESSAY,
  sampleDocument,
  sourceText,
  TWO_COLUMN_PAPER,
} from './pdfs.test-support';
import { paragraphsRebuilt, wordsKeptInOrder } from './reflow-metrics';

async function reflow(layout: Layout, paragraphs: number, seed = 7) {
  const blocks = sampleDocument(seed, paragraphs);
  const source = sourceText(blocks);
  const text = await extractText(await layoutPdf(blocks, layout), 'pdf');
  const figures = {
    words: wordsKeptInOrder(source, text),
    paragraphs: paragraphsRebuilt(source, text),
  };
  // The figures the decision record quotes; a run prints them.
  console.info(`reflow ${JSON.stringify(figures)}`);
  return { source, text, ...figures };
}

describe('PDF reflow', () => {
  it('reads a two-column paper column by column, without its running header and page numbers', async () => {
    const { text, words, paragraphs } = await reflow(TWO_COLUMN_PAPER, 60);
    expect(words).toBeGreaterThanOrEqual(0.995);
    expect(paragraphs).toBeGreaterThanOrEqual(0.95);
    expect(text).not.toContain('Journal of Classroom Studies');
    expect(text).not.toMatch(/Page \d+ of \d+/);
    // Hyphenated line ends are mended; the compound keeps its hyphen.
    expect(text).not.toMatch(/\p{L}- \p{L}|\p{L}-\n/u);
    expect(text).toContain('well-known');
  });

  it('keeps the paragraphs and list items of an essay with first-line indents', async () => {
    const { text, words, paragraphs } = await reflow(INDENTED_ESSAY, 30, 3);
    expect(words).toBe(1);
    expect(paragraphs).toBeGreaterThanOrEqual(0.95);
    expect(text).not.toContain('Amira Khan — Year 9 English');
  });

  it('keeps the paragraphs of an essay with space between them', async () => {
    // A paragraph that ends with a full line at the foot of a page cannot be told from
    // one that goes on: without an indent, the next page gives no sign. That costs a few.
    const { words, paragraphs } = await reflow(SPACED_ESSAY, 30, 5);
    expect(words).toBe(1);
    expect(paragraphs).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the invisible word-by-word text layer of a scanned page', async () => {
    const { words, paragraphs } = await reflow(SCANNED_PAGE, 3, 11);
    expect(words).toBe(1);
    expect(paragraphs).toBe(1);
  });
});

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

/** Fixtures made by real PDF producers (make-reflow-fixtures.ts), with their source text. */
async function reflowFixture(pdf: string, source: string) {
  const text = await extractText(fixture(pdf), 'pdf');
  const figures = {
    words: wordsKeptInOrder(source, text),
    paragraphs: paragraphsRebuilt(source, text),
  };
  console.info(`reflow ${pdf} ${JSON.stringify(figures)}`);
  return { text, ...figures };
}

describe('PDF reflow on PDFs from real producers', () => {
  it('reads a LibreOffice two-column paper: hyphenated, justified, header and page numbers', async () => {
    const source = fixture('paper-two-column.txt').toString('utf8').trim();
    const { text, words, paragraphs } = await reflowFixture('paper-two-column.pdf', source);
    expect(words).toBeGreaterThanOrEqual(0.995);
    expect(paragraphs).toBeGreaterThanOrEqual(0.95);
    expect(text).not.toContain('Journal of Classroom Studies');
  });

  it('reads an essay printed by Chromium’s Skia PDF back end, as Google Docs exports', async () => {
    const source = fixture('essay-spaced.txt').toString('utf8').trim();
    const { words, paragraphs } = await reflowFixture('essay-spaced.pdf', source);
    expect(words).toBeGreaterThanOrEqual(0.995);
    expect(paragraphs).toBeGreaterThanOrEqual(0.95);
  });

  it('reads the text layer Tesseract wrote over a photographed page', async () => {
    const essay = fixture('essay.txt').toString('utf8').trim();
    // The photo holds the essay up to "…anything else. Next".
    const onPage = essay.slice(0, essay.indexOf('Next') + 'Next'.length);
    const { words, paragraphs } = await reflowFixture('essay-page-scan.pdf', onPage);
    expect(words).toBeGreaterThanOrEqual(0.995);
    expect(paragraphs).toBe(1);
  });
});

describe('joinHyphenated', () => {
  it('drops the hyphen only when the joined word is an English word', () => {
    expect(joinHyphenated('we had to com-', 'pile it')).toBe('we had to compile it');
    expect(joinHyphenated('a well-', 'known fact')).toBe('a well-known fact');
    expect(joinHyphenated('Anglo-', 'Saxon')).toBe('Anglo-Saxon');
    expect(joinHyphenated('the organi-', 'sation’s rules')).toBe('the organisation’s rules');
  });
});
