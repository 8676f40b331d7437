import { describe, expect, it } from 'vitest';
import { countLetters, pageStartsOf } from './page-starts';

describe('where each page of the file starts in the tidied text', () => {
  it('finds each page’s first letter, whatever the spacing became', () => {
    const text = 'One two.\n\nThree four five. Six';
    // Page 1: "One two." (6 letters); page 2: "Three four five." (13); page 3: "Six".
    expect(pageStartsOf(text, [6, 13, 3])).toEqual([0, 10, 27]);
  });

  it('starts a page at a quote mark or bracket that opens its first word', () => {
    const text = 'End of one. “Quoted start” and (bracketed';
    expect(pageStartsOf(text, [countLetters('End of one.'), 99])).toEqual([0, 12]);
  });

  it('leaves a start inside a word mended across the break where it falls', () => {
    // "exam-" / "ple": the pages (records/documents/pages.ts) keep "example" on page 1.
    expect(pageStartsOf('An example here', [6, 9])).toEqual([0, 7]);
  });

  it('gives a page without letters the next page’s start, and a missing last page the end', () => {
    expect(pageStartsOf('Ab cd', [2, 0, 2, 0])).toEqual([0, 3, 3, 5]);
  });

  it('counts composed accents once, as the tidied text has them', () => {
    expect(countLetters('Zoe\u0301 – 12!')).toBe(5);
  });

  it('has one start for a file of one page', () => {
    expect(pageStartsOf('Anything at all', [13])).toEqual([0]);
  });
});
