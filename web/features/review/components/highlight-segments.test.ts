import type { FeedbackItem } from '@contract/feedback';
import { describe, expect, it } from 'vitest';
import {
  type HighlightRange,
  highlightsOnPage,
  type Piece,
  segmentText,
} from './highlight-segments';

const item = (
  id: number,
  pageNumber: number | null,
  startOffset: number | null,
  endOffset: number | null,
) => ({ id, pageNumber, startOffset, endOffset }) as FeedbackItem;

const h = (id: number, number: number, start: number, end: number): HighlightRange => ({
  id,
  number,
  start,
  end,
});

/** The page as it reads on screen: highlighted text in [brackets], numbers as (n). */
function show(pieces: Piece[]): string {
  return pieces
    .map((piece) =>
      piece.kind === 'marker'
        ? `(${piece.highlight.number})`
        : piece.ids.length
          ? `[${piece.text}]`
          : piece.text,
    )
    .join('');
}

describe('highlightsOnPage', () => {
  const TEXT = 'The cat sat on the mat.';

  it('keeps this page’s passages, numbered by their place in the whole feedback list', () => {
    const items = [
      item(11, 1, 0, 3),
      item(12, 2, 4, 7),
      item(13, 2, 8, 11),
      item(14, null, null, null), // feedback on the whole piece: no passage
    ];
    expect(highlightsOnPage(items, 2, TEXT)).toEqual([h(12, 2, 4, 7), h(13, 3, 8, 11)]);
  });

  it('ignores offsets the page does not hold rather than trusting them', () => {
    const items = [
      item(1, 1, -1, 3),
      item(2, 1, 5, 5), // empty
      item(3, 1, 6, 4), // reversed
      item(4, 1, 20, TEXT.length + 1), // past the end (the text was read again, shorter)
      item(5, 1, 4, null),
      item(6, 1, 19, TEXT.length), // up to the very end is fine
    ];
    expect(highlightsOnPage(items, 1, TEXT)).toEqual([h(6, 6, 19, TEXT.length)]);
  });
});

describe('segmentText', () => {
  it('gives the whole page as one piece when nothing is highlighted, and nothing for no text', () => {
    expect(segmentText('Hello', [])).toEqual([{ kind: 'text', start: 0, text: 'Hello', ids: [] }]);
    expect(segmentText('', [])).toEqual([]);
  });

  it('cuts around each highlight and puts its number where it ends', () => {
    const text = 'The cat sat on the mat.';
    const pieces = segmentText(text, [h(7, 1, 4, 7), h(9, 2, 19, 22)]);
    expect(show(pieces)).toBe('The [cat](1) sat on the [mat](2).');
    // Joined, the text pieces are the page exactly, each starting at its own offset.
    const texts = pieces.filter((p) => p.kind === 'text');
    expect(texts.map((p) => p.text).join('')).toBe(text);
    for (const p of texts) expect(text.slice(p.start, p.start + p.text.length)).toBe(p.text);
  });

  it('handles highlights at the very start and end of the page', () => {
    expect(show(segmentText('abc def', [h(1, 1, 0, 3), h(2, 2, 4, 7)]))).toBe('[abc](1) [def](2)');
    expect(show(segmentText('abc', [h(1, 1, 0, 3)]))).toBe('[abc](1)');
  });

  it('keeps overlapping highlights: the shorter one owns the shared text, so it stays clickable', () => {
    // "quick brown fox" (long, #1) contains "brown" (short, #2).
    const text = 'The quick brown fox.';
    const pieces = segmentText(text, [h(100, 1, 4, 19), h(200, 2, 10, 15)]);
    expect(show(pieces)).toBe('The [quick ][brown](2)[ fox](1).');
    const brown = pieces.find((p) => p.kind === 'text' && p.text === 'brown');
    expect(brown).toMatchObject({ ids: [200, 100] });
    const quick = pieces.find((p) => p.kind === 'text' && p.text === 'quick ');
    expect(quick).toMatchObject({ ids: [100] });
  });

  it('shows both numbers, in list order, where two highlights end together', () => {
    const pieces = segmentText('Sentence one.', [h(5, 3, 0, 13), h(4, 2, 9, 13)]);
    expect(show(pieces)).toBe('[Sentence ][one.](2)(3)');
  });

  it('counts emoji as the server does (UTF-16 units) so a highlight never splits one', () => {
    const text = 'Great 🎉 work!';
    const start = text.indexOf('🎉');
    const pieces = segmentText(text, [h(1, 1, start, start + 2)]);
    expect(show(pieces)).toBe('Great [🎉](1) work!');
  });
});
