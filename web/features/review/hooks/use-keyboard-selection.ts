import { type KeyboardEvent, type RefObject, useCallback } from 'react';
import { IGNORE_ATTRIBUTE } from './text-offsets';

type Granularity = 'character' | 'word' | 'line' | 'lineboundary';

// Selection.modify is not in TypeScript's DOM types, but every current browser has it.
type ModifiableSelection = Selection & {
  modify?: (
    alter: 'move' | 'extend',
    direction: 'forward' | 'backward',
    granularity: Granularity,
  ) => void;
};

const KEYS: Record<string, { direction: 'forward' | 'backward'; granularity: Granularity }> = {
  ArrowRight: { direction: 'forward', granularity: 'character' },
  ArrowLeft: { direction: 'backward', granularity: 'character' },
  ArrowDown: { direction: 'forward', granularity: 'line' },
  ArrowUp: { direction: 'backward', granularity: 'line' },
  End: { direction: 'forward', granularity: 'lineboundary' },
  Home: { direction: 'backward', granularity: 'lineboundary' },
};

function firstTextNode(root: HTMLElement): Text | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.parentElement?.closest(`[${IGNORE_ATTRIBUTE}]`)) return node as Text;
  }
  return null;
}

/**
 * Read-only text has no caret, so a keyboard user could not select a passage. Inside the
 * focused page, the arrow keys move an (invisible) caret and Shift + arrows select, as in
 * an editor; Ctrl or Alt moves by words. PageUp/PageDown still scroll.
 */
export function useKeyboardSelection(rootRef: RefObject<HTMLElement | null>, onChange: () => void) {
  return useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      const key = KEYS[event.key];
      const root = rootRef.current;
      if (!key || !root || event.target !== root) return;
      const selection = window.getSelection() as ModifiableSelection | null;
      if (!selection?.modify) return;
      if (selection.rangeCount === 0 || !root.contains(selection.anchorNode)) {
        const first = firstTextNode(root);
        if (!first) return;
        selection.collapse(first, 0);
      }
      event.preventDefault();
      const granularity =
        (event.ctrlKey || event.altKey) && key.granularity === 'character'
          ? 'word'
          : key.granularity;
      selection.modify(event.shiftKey ? 'extend' : 'move', key.direction, granularity);
      // Keep the moving end in view inside the scrolling page.
      const focusRange = document.createRange();
      if (selection.focusNode) {
        focusRange.setStart(selection.focusNode, selection.focusOffset);
        const rect = focusRange.getBoundingClientRect();
        const box = root.getBoundingClientRect();
        if (rect.height > 0 && rect.bottom > box.bottom)
          root.scrollTop += rect.bottom - box.bottom + 8;
        if (rect.height > 0 && rect.top < box.top) root.scrollTop -= box.top - rect.top + 8;
      }
      if (event.shiftKey) onChange();
    },
    [rootRef, onChange],
  );
}
