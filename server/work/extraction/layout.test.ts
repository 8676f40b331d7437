import { describe, expect, it } from 'vitest';
import { linesToText, type PlacedLine } from './layout';

/** Body text: 12 pt lines 20 units apart, 400 units wide unless a width is given. */
function body(lines: Array<string | [string, number]>, firstTop = 100): PlacedLine[] {
  return lines.map((line, i) => {
    const [text, width] = typeof line === 'string' ? [line, 400] : line;
    return { text, left: 50, right: 50 + width, top: firstTop + i * 20, size: 12 };
  });
}

describe('linesToText', () => {
  it('joins wrapped lines and breaks after a short line that ends a sentence', () => {
    const lines = body(['The first line of a', 'paragraph ends here.', ['Short.', 100], 'Next']);
    lines[1]!.right = 50 + 390;
    expect(linesToText(lines)).toBe('The first line of a paragraph ends here. Short.\n\nNext');
  });

  it('breaks on the extra space between paragraphs', () => {
    const lines = body(['one', 'two', 'three', 'four']);
    lines[2]!.top += 12;
    lines[3]!.top += 12;
    expect(linesToText(lines)).toBe('one two\n\nthree four');
  });

  it('treats a line in a larger font as a heading', () => {
    const heading: PlacedLine = { text: 'My Trip', left: 50, right: 450, top: 70, size: 18 };
    expect(linesToText([heading, ...body(['It rained', 'all day'])])).toBe(
      'My Trip\n\nIt rained all day',
    );
  });

  it('breaks at a first-line indent', () => {
    const lines = body(['end of one', 'paragraph', 'start of the next']);
    lines[2]!.left += 24;
    expect(linesToText(lines)).toBe('end of one paragraph\n\nstart of the next');
  });

  it('carries a paragraph over a page break unless its last line ends a sentence', () => {
    const page1 = body(['and then we went', 'back to the']);
    const page2 = body([['car park.', 80], 'Afterwards we went home']);
    page2[0]!.pageStart = true;
    expect(linesToText([...page1, ...page2])).toBe(
      'and then we went back to the car park.\n\nAfterwards we went home',
    );
    const page3 = body(['The end']);
    page3[0]!.pageStart = true;
    const ended = [...page1, ...body([['car park.', 80]], 140), ...page3];
    expect(linesToText(ended)).toBe('and then we went back to the car park.\n\nThe end');
  });

  it('mends words hyphenated across lines', () => {
    expect(linesToText(body(['a well-', 'known fact about sea\u00ad', 'birds']))).toBe(
      'a well-known fact about seabirds',
    );
  });

  it('skips blank lines', () => {
    expect(linesToText(body(['one', '   ', 'two']))).toBe('one two');
    expect(linesToText([])).toBe('');
  });
});
