/**
 * Maps between DOM positions inside the rendered page and character offsets in the page's
 * text string. The page renders only its text (plain text nodes and <mark>s), except for
 * elements flagged data-offset-ignore (the numbered feedback buttons), which are skipped.
 */

export const IGNORE_ATTRIBUTE = 'data-offset-ignore';

function pageTextNodes(root: HTMLElement): Text[] {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node.parentElement?.closest(`[${IGNORE_ATTRIBUTE}]`)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  });
  const nodes: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node as Text);
  return nodes;
}

/** The character offset of a boundary point (node, offset) inside root. */
export function offsetAt(root: HTMLElement, node: Node, offset: number): number {
  const before = document.createRange();
  before.setStart(root, 0);
  before.setEnd(node, offset);
  let total = 0;
  for (const text of pageTextNodes(root)) {
    if (!before.intersectsNode(text)) continue;
    if (text === before.endContainer) total += before.endOffset;
    else if (before.comparePoint(text, text.length) <= 0) total += text.length;
  }
  return total;
}

export interface TextSelection {
  pageNumber: number;
  start: number;
  end: number;
  text: string;
}

/**
 * The browser's current selection as page offsets, when it lies inside root and holds
 * more than whitespace. Surrounding whitespace is dropped so the quote is exact.
 */
export function readSelection(
  root: HTMLElement,
  pageText: string,
  pageNumber: number,
): TextSelection | null {
  const selection = window.getSelection();
  if (!selection || selection.rangeCount === 0 || selection.isCollapsed) return null;
  const range = selection.getRangeAt(0);
  // The selection must lie inside the document text area.
  if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return null;
  let start = offsetAt(root, range.startContainer, range.startOffset);
  let end = offsetAt(root, range.endContainer, range.endOffset);
  if (end < start) [start, end] = [end, start];
  while (start < end && /\s/.test(pageText[start] ?? '')) start += 1;
  while (end > start && /\s/.test(pageText[end - 1] ?? '')) end -= 1;
  if (end <= start) return null;
  return { pageNumber, start, end, text: pageText.slice(start, end) };
}

/** A DOM range covering page offsets [start, end), e.g. to mark a remembered selection. */
export function rangeFor(root: HTMLElement, start: number, end: number): Range | null {
  const range = document.createRange();
  let seen = 0;
  let startSet = false;
  for (const text of pageTextNodes(root)) {
    const next = seen + text.length;
    if (!startSet && start < next) {
      range.setStart(text, start - seen);
      startSet = true;
    }
    if (startSet && end <= next) {
      range.setEnd(text, end - seen);
      return range;
    }
    seen = next;
  }
  return null;
}
