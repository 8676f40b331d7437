import { describe, expect, it } from 'vitest';
import {
  feedbackPageLabel,
  pageOfLabel,
  pupilPageOf,
  textPageLabel,
  textPageOf,
} from '../../../contract/pupil-pages';
import { documentPages, paginate, textPageRanges } from './pages';

/** "p{page}w1 … p{page}w{n}": words that say which page of the file they are on. */
const pageWords = (page: number, n: number) =>
  Array.from({ length: n }, (_, i) => `p${page}w${i + 1}`).join(' ');

/** Pages of the file joined as a reflowed text joins them, with each page's start. */
function fileText(pages: string[], joiner = '\n\n') {
  const starts: number[] = [];
  let text = '';
  pages.forEach((page, i) => {
    if (i > 0) text += joiner;
    starts.push(text.length);
    text += page;
  });
  return { text, starts };
}

const pageOfWord = (word: string) => Number(/^p(\d+)w/u.exec(word)?.[1]);

describe('text pages by the pupil’s pages', () => {
  it('gives a page of the file one text page each, numbered as in the file', () => {
    const { text, starts } = fileText([pageWords(1, 120), pageWords(2, 80), pageWords(3, 200)]);
    const ranges = textPageRanges(text, starts);
    expect(ranges.map((r) => r.pupilPage)).toEqual([1, 2, 3]);
    expect(ranges.map((r) => text.slice(r.start, r.end))).toEqual([
      pageWords(1, 120),
      pageWords(2, 80),
      pageWords(3, 200),
    ]);
  });

  it('reads a long page in even parts of at most 300 words, keeping its number', () => {
    const { text, starts } = fileText([pageWords(1, 50), pageWords(2, 700), pageWords(3, 10)]);
    const { pages, pageNumbers, pageCount } = documentPages({
      extractedContent: text,
      sourcePageStarts: starts,
    });
    expect(pageNumbers).toEqual([1, 2, 2, 2, 3]);
    expect(pageCount).toBe(3);
    // 700 words in three parts of 234, 233 and 233, not 300, 300 and 100.
    expect(pages.slice(1, 4).map((page) => page.split(' ').length)).toEqual([234, 233, 233]);
    expect(pages.slice(1, 4).join(' ')).toBe(pageWords(2, 700));
    expect(pageNumbers.map((_, i) => textPageLabel(pageNumbers, i + 1))).toEqual([
      'Page 1',
      'Page 2',
      'Page 2 (continued)',
      'Page 2 (continued)',
      'Page 3',
    ]);
    expect(pageOfLabel(pageNumbers, pageCount, 3)).toBe('Page 2 (continued) of 3');
  });

  it('never puts a word of one page of the file on a text page of another', () => {
    // Sentences run on over the breaks, as a reflowed PDF's paragraphs do.
    const { text, starts } = fileText(
      [pageWords(1, 310), pageWords(2, 299), pageWords(3, 301)],
      ' ',
    );
    const ranges = textPageRanges(text, starts);
    for (const range of ranges) {
      const words = text.slice(range.start, range.end).split(/\s+/u);
      expect(words.length).toBeLessThanOrEqual(300);
      expect(new Set(words.map(pageOfWord))).toEqual(new Set([range.pupilPage]));
    }
    // Every word is on some page, once.
    expect(ranges.map((r) => text.slice(r.start, r.end)).join(' ')).toBe(text);
  });

  it('keeps a word mended across a break whole, on the page it began on', () => {
    // "exam-" ends page 1 and "ple" starts page 2: the text says "example", and page 2's
    // letters start inside it.
    const text = 'An exam\u00adple. Next page starts here.'.replace('\u00ad', '');
    const inside = text.indexOf('ple.');
    const [first, second] = textPageRanges(text, [0, inside]);
    expect(text.slice(first!.start, first!.end)).toBe('An example.');
    expect(text.slice(second!.start, second!.end)).toBe('Next page starts here.');
  });

  it('skips a blank page without renumbering the pages after it', () => {
    const { text, starts } = fileText([pageWords(1, 5), '', pageWords(3, 5)]);
    const { pageNumbers, pageCount } = documentPages({
      extractedContent: text,
      sourcePageStarts: starts,
    });
    expect(pageNumbers).toEqual([1, 3]);
    expect(pageCount).toBe(3);
  });

  it('keeps 300-word pages, numbered 1, 2, 3…, where the file has no pages of its own', () => {
    const text = pageWords(1, 650);
    for (const starts of [null, undefined, []]) {
      const { pages, pageNumbers, pageCount } = documentPages({
        extractedContent: text,
        sourcePageStarts: starts,
      });
      // Exactly the pages documents read before have, so their feedback stays on its words.
      expect(pages).toEqual(paginate(text));
      expect(pageNumbers).toEqual([1, 2, 3]);
      expect(pageCount).toBe(3);
    }
  });

  it('has no pages for text without words', () => {
    expect(documentPages({ extractedContent: ' \n ', sourcePageStarts: [0, 1] })).toEqual({
      pages: [],
      pageNumbers: [],
      pageCount: 2,
    });
    expect(documentPages({ extractedContent: null })).toEqual({
      pages: [],
      pageNumbers: [],
      pageCount: 0,
    });
  });
});

describe('feedback labelled by the pupil’s page', () => {
  // A 14-page file whose long page 2 is read in two parts: text page 8 is the file's page 7.
  const pageNumbers = [1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14];

  it('labels a passage by its text page’s number in the file', () => {
    expect(feedbackPageLabel({ pageNumber: 8 }, pageNumbers)).toBe('Page 7');
    expect(feedbackPageLabel({ pageNumber: 3 }, pageNumbers)).toBe('Page 2');
    expect(textPageOf({ pageNumber: 3 }, pageNumbers)).toBe(3);
  });

  it('labels a region or a drawing by its page of the file, listed beside that page', () => {
    const region = { pageNumber: 3, region: { page: 3 } };
    expect(pupilPageOf(region, pageNumbers)).toBe(3);
    expect(textPageOf(region, pageNumbers)).toBe(4);
    expect(feedbackPageLabel({ pageNumber: 9, ink: { page: 9 } }, pageNumbers)).toBe('Page 9');
    // A page with no text (a picture only): beside its own number, as before.
    expect(textPageOf({ pageNumber: 15, region: { page: 15 } }, pageNumbers)).toBe(15);
  });

  it('numbers plain text pages as they always were', () => {
    expect(feedbackPageLabel({ pageNumber: 8 }, [1, 2, 3, 4, 5, 6, 7, 8])).toBe('Page 8');
    expect(textPageLabel([1, 2, 3], 2)).toBe('Page 2');
  });
});
