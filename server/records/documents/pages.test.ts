import { describe, expect, it } from 'vitest';
import { pageRanges, paginate, WORDS_PER_PAGE } from './pages';

/** "w1 w2 … wn" joined by the given separator(s), cycling through them. */
function words(n: number, separators: string[] = [' ']): string {
  let text = '';
  for (let i = 1; i <= n; i += 1) {
    text += `w${i}`;
    if (i < n) text += separators[(i - 1) % separators.length];
  }
  return text;
}

const countWords = (page: string) => page.split(/\s+/u).filter(Boolean).length;

/** The properties every pagination must have, whatever the text. */
function expectWellFormed(text: string, pages: string[], wordsPerPage = WORDS_PER_PAGE) {
  const ranges = pageRanges(text, wordsPerPage);
  expect(ranges.map(({ start, end }) => text.slice(start, end))).toEqual(pages);
  pages.forEach((page, i) => {
    // No page begins or ends with whitespace, and each is full except the last.
    expect(page).toBe(page.trim());
    if (i < pages.length - 1) expect(countWords(page)).toBe(wordsPerPage);
    else expect(countWords(page)).toBeGreaterThan(0);
    expect(countWords(page)).toBeLessThanOrEqual(wordsPerPage);
  });
  // Between two pages, and around them, there is only whitespace: no word is lost.
  let previousEnd = 0;
  for (const { start, end } of ranges) {
    expect(text.slice(previousEnd, start).trim()).toBe('');
    previousEnd = end;
  }
  expect(text.slice(previousEnd).trim()).toBe('');
  expect(pages.flatMap((page) => page.split(/\s+/u))).toEqual(text.split(/\s+/u).filter(Boolean));
}

describe('paginate', () => {
  it('gives no pages for empty or blank text', () => {
    expect(paginate('')).toEqual([]);
    expect(paginate('  \n\n\t ')).toEqual([]);
  });

  it('keeps short text as one page, without the whitespace around it', () => {
    expect(paginate('  Hello there.\n\nSecond paragraph.\n')).toEqual([
      'Hello there.\n\nSecond paragraph.',
    ]);
  });

  it('makes exactly one page of 300 words', () => {
    const text = words(300);
    const pages = paginate(text);
    expect(pages).toEqual([text]);
    expectWellFormed(text, pages);
  });

  it('starts a second page with the 301st word', () => {
    const text = words(301);
    const pages = paginate(text);
    expect(pages).toHaveLength(2);
    expect(pages[0]!.endsWith(' w300')).toBe(true);
    expect(pages[1]).toBe('w301');
    expectWellFormed(text, pages);
  });

  it('makes two full pages of 600 words, and a third for the 601st', () => {
    const text = words(600);
    const pages = paginate(text);
    expect(pages).toHaveLength(2);
    expect(pages[1]!.startsWith('w301 ')).toBe(true);
    expect(pages[1]!.endsWith(' w600')).toBe(true);
    expectWellFormed(text, pages);
    expect(paginate(words(601))).toHaveLength(3);
  });

  it('puts the boundary in the whitespace after the last word of a page', () => {
    const text = words(7, [' ', '\n\n', ' \t ', '\n']);
    const pages = paginate(text, 3);
    expect(pages).toEqual(['w1 w2\n\nw3', 'w4\nw5 w6', 'w7']);
    expectWellFormed(text, pages, 3);
    // The paragraph break after w3 belongs to neither page.
    const [first, second] = pageRanges(text, 3);
    expect(text.slice(first!.end, second!.start)).toBe(' \t ');
  });

  it('keeps paragraph breaks inside a page, so offsets in a page are offsets in the text', () => {
    const text = '\n\nFirst paragraph here.\n\nSecond one,\nwith a line break.\n\n';
    const pages = paginate(text, 4);
    expect(pages).toEqual(['First paragraph here.\n\nSecond', 'one,\nwith a line', 'break.']);
    const ranges = pageRanges(text, 4);
    const offsetInPage = pages[1]!.indexOf('with');
    expect(text.indexOf('with')).toBe(ranges[1]!.start + offsetInPage);
    expectWellFormed(text, pages, 4);
  });

  it('counts accented, non-Latin and emoji words as words and Unicode spaces as spaces', () => {
    const text = 'Café naïve 日本語 😀👍🏽 Ωmega\u00a0non-breaking\u3000ideographic\u2003em-space';
    expect(paginate(text, 3)).toEqual([
      'Café naïve 日本語',
      '😀👍🏽 Ωmega\u00a0non-breaking',
      'ideographic\u2003em-space',
    ]);
    expectWellFormed(text, paginate(text, 3), 3);
    // Never splits a surrogate pair: the emoji stays whole at a page edge.
    expect(paginate('a 😀 b', 2)).toEqual(['a 😀', 'b']);
  });

  it('splits a long text of several paragraphs into full pages and a last partial one', () => {
    const paragraph = `${words(137)}.`;
    const text = Array.from({ length: 7 }, () => paragraph).join('\n\n');
    const pages = paginate(text);
    expect(pages).toHaveLength(Math.ceil((137 * 7) / 300));
    expectWellFormed(text, pages);
  });

  it('rejects a page size that is not a positive whole number', () => {
    expect(() => paginate('a b', 0)).toThrow(RangeError);
    expect(() => paginate('a b', 2.5)).toThrow(RangeError);
  });
});
