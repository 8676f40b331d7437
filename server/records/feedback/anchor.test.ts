import { describe, expect, it } from 'vitest';
import { resolveAnchor } from './anchor';

const page = 'Their dog ran there. Over there, Zoë saw the dog.';

describe('resolveAnchor', () => {
  it('keeps offsets whose text still matches the quote', () => {
    const start = page.indexOf('Zoë');
    expect(resolveAnchor(page, start, start + 3, 'Zoë')).toEqual({ start, end: start + 3 });
  });

  it('searches the page when the offsets point at other words', () => {
    const start = page.indexOf('ran');
    expect(resolveAnchor(page, 0, 3, 'ran')).toEqual({ start, end: start + 3 });
  });

  it('picks the occurrence nearest the old offset', () => {
    const second = page.lastIndexOf('there');
    expect(resolveAnchor(page, second + 2, second + 7, 'there')).toEqual({
      start: second,
      end: second + 5,
    });
    const first = page.indexOf('there');
    expect(resolveAnchor(page, first - 1, first + 4, 'there')).toEqual({
      start: first,
      end: first + 5,
    });
  });

  it('searches when the offsets are out of range or reversed', () => {
    const start = page.indexOf('dog');
    expect(resolveAnchor(page, 500, 503, 'dog')).toEqual({
      start: page.lastIndexOf('dog'),
      end: page.lastIndexOf('dog') + 3,
    });
    expect(resolveAnchor(page, 9, 6, 'dog')).toEqual({ start, end: start + 3 });
    expect(resolveAnchor(page, -1, 3, 'Their')).toEqual({ start: 0, end: 5 });
  });

  it('matches a quote that differs from the page only in whitespace', () => {
    const text = 'The end of a line\nand the next  one.';
    const start = text.indexOf('line');
    expect(resolveAnchor(text, null, null, 'line and the next one')).toEqual({
      start,
      end: text.length - 1,
    });
  });

  it('returns null when the quote is not on the page', () => {
    expect(resolveAnchor(page, 0, 5, 'elephant')).toBeNull();
    expect(resolveAnchor(page, null, null, null)).toBeNull();
    expect(resolveAnchor('', 0, 0, 'x')).toBeNull();
  });

  it('trusts valid offsets when there is no quote to check them against', () => {
    expect(resolveAnchor(page, 4, 9, null)).toEqual({ start: 4, end: 9 });
    expect(resolveAnchor(page, 4, 900, null)).toBeNull();
  });
});
