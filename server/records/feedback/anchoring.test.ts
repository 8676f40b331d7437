import { describe, expect, it } from 'vitest';
import { findApproximate } from './anchor';
import { locateAnchor } from './anchoring';

const item = (pageNumber: number, quote: string | null, start: number | null = null) => ({
  pageNumber,
  startOffset: start,
  endOffset: start !== null && quote ? start + quote.length : null,
  highlightedText: quote,
});

describe('locateAnchor', () => {
  it('is exact when the quote is on its page, spacing aside', () => {
    const pages = ['The keeper climbed\nthe stairs every night.'];
    const found = locateAnchor(pages, item(1, 'climbed the stairs', 3));
    expect(found.status).toBe('exact');
    expect(pages[0]!.slice(found.range!.start, found.range!.end)).toBe('climbed\nthe stairs');
  });

  it('follows a long quote to the next page when the page boundary moved', () => {
    const pages = ['Something else entirely.', 'He climbed one hundred and twelve steps.'];
    const found = locateAnchor(pages, item(1, 'one hundred and twelve steps', 4));
    expect(found).toMatchObject({ pageNumber: 2, status: 'exact' });
  });

  it('calls a short quote found only on another page approximate', () => {
    const found = locateAnchor(['No such word here.', 'A lamp.'], item(1, 'lamp', 0));
    expect(found).toMatchObject({ pageNumber: 2, status: 'approximate' });
  });

  it('finds a passage whose hyphen was mended, and flags it', () => {
    const pages = ['We had to compile the logbook by hand.'];
    const found = locateAnchor(pages, item(1, 'to com- pile the', 7));
    expect(found.status).toBe('approximate');
    expect(pages[0]!.slice(found.range!.start, found.range!.end)).toBe('to compile the');
  });

  it('places changed words between the context either side', () => {
    const page = 'the lighthouse keeper wrote in the red logbook every evening at six';
    const range = findApproximate(page, 'blue diary', 0, {
      before: 'the lighthouse keeper wrote in the ',
      after: ' every evening at six',
    });
    expect(page.slice(range!.start, range!.end)).toBe('red logbook');
  });

  it('says a passage is missing rather than guessing', () => {
    const found = locateAnchor(['Nothing like it.'], item(1, 'Journal of Classroom Studies', 0));
    expect(found).toMatchObject({ status: 'missing', range: null, pageNumber: 1 });
  });

  it('has no status for feedback on no passage', () => {
    expect(locateAnchor(['Text.'], item(1, null)).status).toBeNull();
  });
});
