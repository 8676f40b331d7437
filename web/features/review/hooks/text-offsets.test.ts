// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { IGNORE_ATTRIBUTE, offsetAt, rangeFor, readSelection } from './text-offsets';

/*
 * The page is built the way PageText renders it: plain text nodes, <mark>s for feedback
 * highlights, and a numbered button (flagged data-offset-ignore) after each highlight.
 */
type Part = string | { mark: string } | { marker: string };

function page(parts: Part[]): { root: HTMLDivElement; text: string } {
  const root = document.createElement('div');
  let text = '';
  for (const part of parts) {
    if (typeof part === 'string') {
      root.append(document.createTextNode(part));
      text += part;
    } else if ('mark' in part) {
      const mark = document.createElement('mark');
      mark.textContent = part.mark;
      root.append(mark);
      text += part.mark;
    } else {
      const button = document.createElement('button');
      button.setAttribute(IGNORE_ATTRIBUTE, '');
      button.textContent = part.marker;
      root.append(button);
    }
  }
  document.body.append(root);
  return { root, text };
}

/** The text node holding the n-th occurrence of `needle` (n from 0), and where it starts. */
function at(root: HTMLElement, needle: string, n = 0): [Text, number] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let seen = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = (node as Text).data;
    let index = data.indexOf(needle);
    while (index >= 0) {
      if (seen === n) return [node as Text, index];
      seen += 1;
      index = data.indexOf(needle, index + 1);
    }
  }
  throw new Error(`"${needle}" not found`);
}

/** Selects as a teacher's drag does: from the anchor (where the drag began) to the focus. */
function drag(anchor: [Node, number], focus: [Node, number]) {
  const selection = window.getSelection();
  if (!selection) throw new Error('no selection');
  selection.removeAllRanges();
  selection.setBaseAndExtent(anchor[0], anchor[1], focus[0], focus[1]);
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.replaceChildren();
});

describe('offsetAt: a DOM position as a character offset in the page text', () => {
  it('counts the text before the position, across highlights, and not the feedback numbers', () => {
    const { root, text } = page([
      'The ',
      { mark: 'quick brown' },
      { marker: '1' },
      ' fox ',
      { mark: 'jumps' },
      { marker: '12' },
      ' over.',
    ]);
    expect(text).toBe('The quick brown fox jumps over.');
    const [over, i] = at(root, 'over');
    expect(offsetAt(root, over, i)).toBe(text.indexOf('over'));
    const [jumps] = at(root, 'jumps');
    expect(offsetAt(root, jumps, 2)).toBe(text.indexOf('jumps') + 2);
    // Inside a feedback number's button: the position falls where the highlight ends.
    const [one] = at(root, '1');
    expect(offsetAt(root, one, 1)).toBe(text.indexOf(' fox'));
  });

  it('reads element positions (between children) as well as text positions', () => {
    const { root, text } = page(['Dear ', { mark: 'diary' }, { marker: '1' }, ', today']);
    const mark = root.querySelector('mark') as HTMLElement;
    expect(offsetAt(root, root, 0)).toBe(0);
    expect(offsetAt(root, mark, 0)).toBe(5);
    expect(offsetAt(root, mark, 1)).toBe(10);
    // After the button (child 3 of 4) and at the very end of the page.
    expect(offsetAt(root, root, 3)).toBe(10);
    expect(offsetAt(root, root, root.childNodes.length)).toBe(text.length);
  });
});

describe('readSelection: the passage a teacher selected', () => {
  it('gives the offsets and exact quote of a selection inside one text node', () => {
    const { root, text } = page(['Once upon a time there was a dragon.']);
    const [node, i] = at(root, 'upon');
    drag([node, i], [node, i + 'upon a time'.length]);
    expect(readSelection(root, text, 2)).toEqual({
      pageNumber: 2,
      start: 5,
      end: 16,
      text: 'upon a time',
    });
  });

  it('reads a selection that starts in plain text and ends inside a later highlight', () => {
    const { root, text } = page([
      'The ',
      { mark: 'quick brown' },
      { marker: '1' },
      ' fox ',
      { mark: 'jumps' },
      { marker: '2' },
      ' over.',
    ]);
    const [the] = at(root, 'The');
    const [jumps] = at(root, 'jumps');
    drag([the, 0], [jumps, 3]);
    const selection = readSelection(root, text, 1);
    // The numbers "1" shown after the first highlight are not part of the quote.
    expect(selection).toEqual({
      pageNumber: 1,
      start: 0,
      end: 23,
      text: 'The quick brown fox jum',
    });
    expect(text.slice(selection?.start, selection?.end)).toBe(selection?.text);
  });

  it('reads a selection that crosses a feedback number without counting its digits', () => {
    const { root, text } = page(['My ', { mark: 'best friend' }, { marker: '10' }, ' is Sam.']);
    const [friend, f] = at(root, 'friend');
    const [sam, s] = at(root, 'Sam');
    drag([friend, f], [sam, s + 3]);
    expect(readSelection(root, text, 1)).toMatchObject({
      start: 8,
      end: 21,
      text: 'friend is Sam',
    });
  });

  it('reads a backwards drag (right to left) as the same passage', () => {
    const { root, text } = page([
      'It was ',
      { mark: 'a dark' },
      { marker: '1' },
      ' and stormy night.',
    ]);
    const [stormy, s] = at(root, 'stormy');
    const [dark, d] = at(root, 'dark');
    drag([stormy, s + 'stormy'.length], [dark, d]);
    expect(window.getSelection()?.anchorNode).toBe(stormy);
    expect(readSelection(root, text, 1)).toMatchObject({
      start: text.indexOf('dark'),
      end: text.indexOf(' night'),
      text: 'dark and stormy',
    });
  });

  it('reads selections that touch the first and the last character of the page', () => {
    const { root, text } = page([{ mark: 'Start' }, { marker: '1' }, ' middle ', { mark: 'end' }]);
    const [start] = at(root, 'Start');
    const [end] = at(root, 'end');
    drag([start, 0], [end, 3]);
    expect(readSelection(root, text, 1)).toMatchObject({ start: 0, end: text.length, text });
    // Selecting the whole page by its element boundaries (as Ctrl+A inside it can) too.
    drag([root, 0], [root, root.childNodes.length]);
    expect(readSelection(root, text, 1)).toMatchObject({ start: 0, end: text.length });
  });

  it('drops whitespace and line breaks around the passage, keeping the quote exact', () => {
    const { root, text } = page(['First line.\n\n   Second line  \n']);
    const node = root.firstChild as Text;
    drag([node, 'First line.'.length], [node, text.length]);
    expect(readSelection(root, text, 1)).toEqual({
      pageNumber: 1,
      start: text.indexOf('Second'),
      end: text.indexOf('Second') + 'Second line'.length,
      text: 'Second line',
    });
  });

  it('ignores a selection of nothing but whitespace, and a collapsed caret', () => {
    const { root, text } = page(['Word.   \n  Next']);
    const node = root.firstChild as Text;
    drag([node, 5], [node, 11]);
    expect(readSelection(root, text, 1)).toBeNull();
    drag([node, 3], [node, 3]);
    expect(readSelection(root, text, 1)).toBeNull();
    window.getSelection()?.removeAllRanges();
    expect(readSelection(root, text, 1)).toBeNull();
  });

  it('ignores a selection that starts or ends outside the page', () => {
    const outside = document.createElement('p');
    outside.textContent = 'Feedback panel';
    document.body.append(outside);
    const { root, text } = page(['The pupil wrote this.']);
    const node = root.firstChild as Text;
    drag([outside.firstChild as Text, 2], [node, 5]);
    expect(readSelection(root, text, 1)).toBeNull();
    drag([node, 5], [outside.firstChild as Text, 2]);
    expect(readSelection(root, text, 1)).toBeNull();
  });

  it('counts emoji and other astral characters as two UTF-16 units, as the server stores them', () => {
    const { root, text } = page(['I 😀 love ', { mark: 'maths 🧮' }, { marker: '1' }, '!']);
    const [love, l] = at(root, 'love');
    const [mark] = at(root, 'maths');
    drag([love, l - 3], [mark, mark.length]);
    const selection = readSelection(root, text, 1);
    expect(selection).toEqual({ pageNumber: 1, start: 2, end: 18, text: '😀 love maths 🧮' });
    // Never a lone half of a surrogate pair at either end.
    expect(selection?.text.codePointAt(0)).toBe(0x1f600);
    expect(text.slice(selection?.start, selection?.end)).toBe(selection?.text);
  });

  it('reads right-to-left text in logical order, whichever way the drag went', () => {
    // Arabic: "the pupil wrote a story" with the word "story" highlighted.
    const { root, text } = page(['كتب التلميذ ', { mark: 'قصة' }, { marker: '1' }, ' جميلة.']);
    root.dir = 'rtl';
    const [pupil, p] = at(root, 'التلميذ');
    const [beautiful, b] = at(root, 'جميلة');
    // Dragging visually left to right in RTL text runs from the later word to the earlier.
    drag([beautiful, b + 'جميلة'.length], [pupil, p]);
    expect(readSelection(root, text, 1)).toMatchObject({
      start: text.indexOf('التلميذ'),
      end: text.indexOf('.'),
      text: 'التلميذ قصة جميلة',
    });
  });
});

describe('rangeFor: marking a remembered passage again', () => {
  it('covers exactly the page offsets, across highlights, skipping the feedback numbers', () => {
    const { root, text } = page([
      'The ',
      { mark: 'quick brown' },
      { marker: '1' },
      ' fox ',
      { mark: 'jumps' },
      { marker: '2' },
      ' over.',
    ]);
    const start = text.indexOf('brown');
    const end = text.indexOf(' over');
    const range = rangeFor(root, start, end);
    expect(range?.startContainer).toBe(at(root, 'brown')[0]);
    expect(range?.startOffset).toBe(at(root, 'brown')[1]);
    // Ending where a highlight ends, the range stops inside it, before its number.
    expect(range?.endContainer).toBe(at(root, 'jumps')[0]);
    expect(range?.endOffset).toBe('jumps'.length);
    // The whole page: from its first character to its last, whatever lies between.
    const all = rangeFor(root, 0, text.length);
    expect([all?.startContainer, all?.startOffset]).toEqual([root.firstChild, 0]);
    expect([all?.endContainer, all?.endOffset]).toEqual([root.lastChild, ' over.'.length]);
  });

  it('starts a range at a highlight boundary inside the highlight, and ends it before the next', () => {
    const { root, text } = page(['Hello ', { mark: 'world' }, { marker: '1' }, ' again']);
    const range = rangeFor(root, 6, 11);
    expect(range?.startContainer).toBe(root.querySelector('mark')?.firstChild);
    expect(range?.startOffset).toBe(0);
    expect(range?.endContainer).toBe(root.querySelector('mark')?.firstChild);
    expect(range?.endOffset).toBe(5);
    expect(range?.toString()).toBe(text.slice(6, 11));
  });

  it('round-trips with readSelection, emoji included', () => {
    const { root, text } = page(['A 🐉 ', { mark: 'flew' }, { marker: '3' }, ' far 🌙 away']);
    for (const [start, end] of [
      [2, 4],
      [0, text.length],
      [text.indexOf('flew'), text.indexOf(' away')],
    ] as const) {
      const range = rangeFor(root, start, end);
      if (!range) throw new Error('no range');
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(range);
      expect(readSelection(root, text, 1)).toMatchObject({ start, end });
    }
  });

  it('gives nothing for offsets the page does not hold', () => {
    const { root, text } = page(['Short page.']);
    expect(rangeFor(root, 3, text.length + 1)).toBeNull();
    expect(rangeFor(root, text.length, text.length + 2)).toBeNull();
  });
});
