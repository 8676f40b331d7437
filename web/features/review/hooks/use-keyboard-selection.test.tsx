// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installModify, pageOffset, point, renderPage, TEXT } from '../test/page-text-dom';

/* Tested through PageText, the page that uses it, as a keyboard user meets it. */

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

describe('keyboard selection: Shift + arrows in the focused page', () => {
  it('starts at the top of the page and selects character by character', () => {
    const { root, onSelect } = renderPage();
    const modify = installModify(root);
    root.focus();
    for (let i = 0; i < 4; i += 1) {
      const event = new KeyboardEvent('keydown', {
        key: 'ArrowRight',
        shiftKey: true,
        bubbles: true,
        cancelable: true,
      });
      act(() => {
        root.dispatchEvent(event);
      });
      expect(event.defaultPrevented).toBe(true);
    }
    expect(modify).toHaveBeenCalledWith('extend', 'forward', 'character');
    expect(onSelect).toHaveBeenLastCalledWith({ pageNumber: 1, start: 0, end: 4, text: 'Once' });
  });

  it('selects across a highlight and its number, and backwards with Shift + ArrowLeft', () => {
    const { root, onSelect } = renderPage();
    installModify(root);
    const start = TEXT.indexOf(' lived');
    window.getSelection()?.collapse(...point(root, start));
    for (let i = 0; i < 'a dragon'.length; i += 1)
      fireEvent.keyDown(root, { key: 'ArrowLeft', shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ start: TEXT.indexOf('a dragon'), end: start, text: 'a dragon' }),
    );
    // Then forward past the highlight's number into the plain text after it.
    window.getSelection()?.collapse(...point(root, TEXT.indexOf('dragon')));
    for (let i = 0; i < 'dragon lived'.length; i += 1)
      fireEvent.keyDown(root, { key: 'ArrowRight', shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'dragon lived' }));
  });

  it('moves by whole words with Ctrl or Alt, and by lines and line ends with the other keys', () => {
    const { root, onSelect } = renderPage();
    const modify = installModify(root);
    fireEvent.keyDown(root, { key: 'ArrowRight', shiftKey: true, ctrlKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'forward', 'word');
    fireEvent.keyDown(root, { key: 'ArrowRight', shiftKey: true, altKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'forward', 'word');
    expect(onSelect).toHaveBeenLastCalledWith(expect.objectContaining({ text: 'Once upon' }));
    modify.mockImplementation(() => {});
    fireEvent.keyDown(root, { key: 'ArrowDown', shiftKey: true, ctrlKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'forward', 'line');
    fireEvent.keyDown(root, { key: 'ArrowUp', shiftKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'backward', 'line');
    fireEvent.keyDown(root, { key: 'End', shiftKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'forward', 'lineboundary');
    fireEvent.keyDown(root, { key: 'Home', shiftKey: true });
    expect(modify).toHaveBeenLastCalledWith('extend', 'backward', 'lineboundary');
  });

  it('moves the caret without Shift and reports nothing', () => {
    const { root, onSelect } = renderPage();
    const modify = installModify(root);
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    fireEvent.keyDown(root, { key: 'ArrowRight', ctrlKey: true });
    expect(modify.mock.calls).toEqual([
      ['move', 'forward', 'character'],
      ['move', 'forward', 'word'],
    ]);
    expect(onSelect).not.toHaveBeenCalled();
    const selection = window.getSelection();
    expect(selection?.isCollapsed).toBe(true);
    expect(pageOffset(root, selection?.focusNode ?? null, selection?.focusOffset ?? 0)).toBe(
      'Once'.length,
    );
  });

  it('brings a selection that was elsewhere (in the feedback panel) into the page first', () => {
    const outside = document.createElement('p');
    outside.textContent = 'Feedback panel';
    document.body.append(outside);
    const { root, onSelect } = renderPage();
    installModify(root);
    window.getSelection()?.collapse(outside.firstChild as Text, 3);
    fireEvent.keyDown(root, { key: 'ArrowRight', shiftKey: true });
    expect(onSelect).toHaveBeenLastCalledWith(
      expect.objectContaining({ start: 0, end: 1, text: 'O' }),
    );
    outside.remove();
  });

  it('leaves other keys, keys on the feedback numbers, and browsers without modify alone', () => {
    const { root, onSelect } = renderPage();
    const modify = installModify(root);
    const press = (target: HTMLElement, init: KeyboardEventInit) => {
      const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
      act(() => {
        target.dispatchEvent(event);
      });
      return event.defaultPrevented;
    };
    // PageDown scrolls the page as usual.
    expect(press(root, { key: 'PageDown', shiftKey: true })).toBe(false);
    // Arrow keys on a focused feedback number belong to the button.
    expect(
      press(screen.getByRole('button', { name: 'Feedback 1' }), {
        key: 'ArrowRight',
        shiftKey: true,
      }),
    ).toBe(false);
    expect(modify).not.toHaveBeenCalled();
    // Without Selection.modify the browser's own behaviour is kept.
    Reflect.deleteProperty(window.getSelection() as Selection, 'modify');
    expect(press(root, { key: 'ArrowRight', shiftKey: true })).toBe(false);
    expect(onSelect).not.toHaveBeenCalled();
  });

  it('scrolls the page so the moving end stays in view', () => {
    const { root } = renderPage();
    installModify(root);
    vi.spyOn(root, 'getBoundingClientRect').mockReturnValue({ top: 100, bottom: 300 } as DOMRect);
    const caret = vi.spyOn(Range.prototype, 'getBoundingClientRect');
    root.scrollTop = 50;
    caret.mockReturnValue({ top: 310, bottom: 330, height: 20 } as DOMRect);
    fireEvent.keyDown(root, { key: 'ArrowDown', shiftKey: true });
    expect(root.scrollTop).toBe(50 + 30 + 8);
    caret.mockReturnValue({ top: 60, bottom: 80, height: 20 } as DOMRect);
    fireEvent.keyDown(root, { key: 'ArrowUp', shiftKey: true });
    expect(root.scrollTop).toBe(88 - 40 - 8);
  });
});
