import { describe, expect, it } from 'vitest';
import { segmentPage } from './highlights';

const text = 'The wind kept trying to steal my hat.';
const h = (id: number, number: number, quote: string, within = text) => {
  const start = within.indexOf(quote);
  return { id, number, start, end: start + quote.length };
};

describe('segmentPage', () => {
  it('returns the text as one plain piece without highlights', () => {
    expect(segmentPage(text, [])).toEqual([
      { text, highlightId: null, coveredBy: [], endsHighlight: null },
    ]);
  });

  it('marks a passage and puts its number where it ends', () => {
    const wind = h(7, 1, 'wind kept trying');
    const pieces = segmentPage(text, [wind]);
    expect(pieces.map((p) => p.text).join('')).toBe(text);
    expect(pieces.find((p) => p.highlightId === 7 && p.text)?.text).toBe('wind kept trying');
    const numberAt = pieces.findIndex((p) => p.endsHighlight?.id === 7);
    expect(pieces[numberAt - 1]?.text).toBe('wind kept trying');
  });

  it('gives overlapping pieces to the innermost highlight but records both', () => {
    const outer = h(1, 1, 'wind kept trying to steal');
    const inner = h(2, 2, 'trying');
    const pieces = segmentPage(text, [outer, inner]).filter((p) => p.text);
    const trying = pieces.find((p) => p.text === 'trying');
    expect(trying?.highlightId).toBe(2);
    expect(trying?.coveredBy.sort()).toEqual([1, 2]);
    expect(pieces.find((p) => p.text === 'wind kept ')?.highlightId).toBe(1);
  });

  it('ignores offsets outside the page instead of trusting them', () => {
    const pieces = segmentPage(text, [{ id: 1, number: 1, start: 30, end: 500 }]);
    expect(pieces).toEqual([{ text, highlightId: null, coveredBy: [], endsHighlight: null }]);
  });
});
