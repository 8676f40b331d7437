// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { item, pageOffset, renderPage, select, TEXT } from '../test/page-text-dom';
import { PageText } from './page-text';

beforeEach(() => {
  window.getSelection()?.removeAllRanges();
});
afterEach(() => {
  cleanup();
  const selection = window.getSelection();
  if (selection) Reflect.deleteProperty(selection, 'modify');
  selection?.removeAllRanges();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a page of the pupil’s text', () => {
  it('shows highlights with their feedback numbers and tells a keyboard user how to select', () => {
    const { root } = renderPage();
    expect([...root.querySelectorAll('mark')].map((m) => m.textContent)).toEqual([
      'dragon',
      'cave',
    ]);
    expect(screen.getByRole('button', { name: 'Feedback 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Feedback 2' })).toBeTruthy();
    expect(root.getAttribute('tabindex')).toBe('0');
    const hint = document.getElementById(root.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Shift and the arrow keys');
  });

  it('reports a mouse selection across a highlight as offsets in the page text', () => {
    const { root, onSelect } = renderPage();
    // "a dragon lived": from plain text, through the mark and past its number "1".
    select(root, TEXT.indexOf('a dragon'), TEXT.indexOf(' in a cave'));
    fireEvent.mouseUp(root);
    expect(onSelect).toHaveBeenCalledWith({
      pageNumber: 1,
      start: TEXT.indexOf('a dragon'),
      end: TEXT.indexOf(' in a cave'),
      text: 'a dragon lived',
    });
  });

  it('in read-only mode, selecting does nothing and no hint is given', () => {
    const { root, onSelect } = renderPage({ selectable: false });
    select(root, 0, 4);
    fireEvent.mouseUp(root);
    expect(onSelect).not.toHaveBeenCalled();
    expect(root.getAttribute('aria-describedby')).toBeNull();
  });

  it('opens the feedback of a clicked highlight or number, but not at the end of a drag', () => {
    const { root, onHighlightClick } = renderPage();
    const cave = [...root.querySelectorAll('mark')].find((m) => m.textContent === 'cave');
    fireEvent.click(cave as HTMLElement);
    expect(onHighlightClick).toHaveBeenLastCalledWith(42);
    fireEvent.click(screen.getByRole('button', { name: 'Feedback 1' }));
    expect(onHighlightClick).toHaveBeenLastCalledWith(41);
    onHighlightClick.mockClear();
    // A drag that selected text across the highlight ends with a click on it.
    select(root, TEXT.indexOf('cave'), TEXT.indexOf(' the sea'));
    fireEvent.click(cave as HTMLElement);
    expect(onHighlightClick).not.toHaveBeenCalled();
  });

  it('gives a smaller highlight inside a larger one its own click', () => {
    const text = 'The quick brown fox.';
    const onHighlightClick = vi.fn();
    render(
      <PageText
        text={text}
        pageNumber={1}
        label="Page 1 of 1"
        items={[item(1, 1, 4, 19), item(2, 1, 10, 15)]}
        activeId={null}
        pulse={null}
        selection={null}
        selectable
        onSelect={vi.fn()}
        onHighlightClick={onHighlightClick}
      />,
    );
    const brown = [...document.querySelectorAll('mark')].find((m) => m.textContent === 'brown');
    fireEvent.click(brown as HTMLElement);
    expect(onHighlightClick).toHaveBeenCalledWith(2);
  });
});

describe('touch selection (selectionchange)', () => {
  it('reports the passage once the handles rest, and keeps it when the selection collapses', () => {
    vi.useFakeTimers();
    const { root, onSelect } = renderPage();
    select(root, TEXT.indexOf('cave'), TEXT.indexOf('.'));
    act(() => {
      document.dispatchEvent(new Event('selectionchange'));
    });
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(onSelect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'cave by the sea' }));
    // Tapping into the feedback box collapses the browser's selection: the passage stays.
    window.getSelection()?.removeAllRanges();
    act(() => {
      document.dispatchEvent(new Event('selectionchange'));
      vi.advanceTimersByTime(300);
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
  });

  it('does not listen when the page is read-only', () => {
    vi.useFakeTimers();
    const { root, onSelect } = renderPage({ selectable: false });
    select(root, 0, 4);
    act(() => {
      document.dispatchEvent(new Event('selectionchange'));
      vi.advanceTimersByTime(300);
    });
    expect(onSelect).not.toHaveBeenCalled();
  });
});

describe('the remembered passage stays marked after the browser’s selection is gone', () => {
  function stubHighlights() {
    const highlights = new Map<string, { ranges: Range[] }>();
    vi.stubGlobal('CSS', { highlights });
    vi.stubGlobal(
      'Highlight',
      class {
        ranges: Range[];
        constructor(...ranges: Range[]) {
          this.ranges = ranges;
        }
      },
    );
    return highlights;
  }

  it('marks exactly the remembered offsets, and clears the mark when it goes', () => {
    const highlights = stubHighlights();
    const start = TEXT.indexOf('dragon');
    const end = TEXT.indexOf(' in');
    const { root } = renderPage({
      selection: { pageNumber: 1, start, end, text: TEXT.slice(start, end) },
    });
    const range = highlights.get('cv-pending-selection')?.ranges[0];
    expect(range).toBeDefined();
    expect(pageOffset(root, range?.startContainer ?? null, range?.startOffset ?? 0)).toBe(start);
    expect(pageOffset(root, range?.endContainer ?? null, range?.endOffset ?? 0)).toBe(end);
    cleanup();
    expect(highlights.has('cv-pending-selection')).toBe(false);
  });

  it('does not mark a passage remembered from another page', () => {
    const highlights = stubHighlights();
    renderPage({ selection: { pageNumber: 2, start: 0, end: 4, text: 'Once' } });
    expect(highlights.size).toBe(0);
  });
});
