import type { FeedbackItem } from '@contract/feedback';
import { render, screen } from '@testing-library/react';
import { vi } from 'vitest';
import { PageText } from '../components/page-text';
import { IGNORE_ATTRIBUTE, type TextSelection } from '../hooks/text-offsets';

/*
 * One page of a pupil's story rendered by PageText, and the DOM helpers its tests share:
 * page offsets to and from DOM points, a drag selection, and Selection.modify.
 */

export const TEXT = 'Once upon a time a dragon lived in a cave by the sea.';
export const item = (id: number, pageNumber: number, startOffset: number, endOffset: number) =>
  ({ id, pageNumber, startOffset, endOffset }) as FeedbackItem;
// "dragon" is feedback 1 (id 41); "cave" is feedback 2 (id 42), both on page 1.
export const ITEMS = [
  item(41, 1, TEXT.indexOf('dragon'), TEXT.indexOf(' lived')),
  item(42, 1, TEXT.indexOf('cave'), TEXT.indexOf(' by')),
];

export function renderPage(
  props: { selectable?: boolean; selection?: TextSelection | null; text?: string } = {},
) {
  const onSelect = vi.fn();
  const onHighlightClick = vi.fn();
  render(
    <PageText
      text={props.text ?? TEXT}
      pageNumber={1}
      label="Page 1 of 3"
      items={ITEMS}
      activeId={null}
      pulse={null}
      selection={props.selection ?? null}
      selectable={props.selectable ?? true}
      onSelect={onSelect}
      onHighlightClick={onHighlightClick}
    />,
  );
  const root = screen.getByRole('document', { name: 'Page 1 of 3' });
  return { root, onSelect, onHighlightClick };
}

/** The page's own text nodes (not the feedback numbers), with where each starts. */
export function textNodes(root: HTMLElement) {
  const nodes: { node: Text; start: number }[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let start = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest(`[${IGNORE_ATTRIBUTE}]`)) continue;
    nodes.push({ node: node as Text, start });
    start += (node as Text).length;
  }
  return nodes;
}

/** A DOM point for a page offset; at a boundary, the later node (where a caret would be). */
export function point(root: HTMLElement, offset: number): [Text, number] {
  const nodes = textNodes(root);
  const found = nodes.find((n, i) => offset < n.start + n.node.length || i === nodes.length - 1);
  if (!found) throw new Error('empty page');
  return [found.node, offset - found.start];
}

export function pageOffset(root: HTMLElement, node: Node | null, offset: number): number {
  const found = textNodes(root).find((n) => n.node === node);
  if (!found) throw new Error('focus is not in the page text');
  return found.start + offset;
}

export function select(root: HTMLElement, from: number, to: number) {
  const [a, ao] = point(root, from);
  const [b, bo] = point(root, to);
  window.getSelection()?.setBaseAndExtent(a, ao, b, bo);
}

/**
 * happy-dom has no Selection.modify (every browser has it): this one moves or extends the
 * focus by characters or words over the page text, as a browser does.
 */
export function installModify(root: HTMLElement) {
  const selection = window.getSelection() as Selection & { modify?: unknown };
  const modify = vi.fn(
    (alter: 'move' | 'extend', direction: 'forward' | 'backward', granularity: string) => {
      const text = textNodes(root)
        .map((n) => n.node.data)
        .join('');
      let at = pageOffset(root, selection.focusNode, selection.focusOffset);
      const step = direction === 'forward' ? 1 : -1;
      if (granularity === 'word') {
        // To the end of the next word (forward) or the start of the previous one.
        do at += step;
        while (
          at > 0 &&
          at < text.length &&
          /\w/.test(text[direction === 'forward' ? at : at - 1] ?? '')
        );
      } else {
        at += step;
      }
      at = Math.max(0, Math.min(text.length, at));
      const [node, offset] = point(root, at);
      if (alter === 'move') selection.collapse(node, offset);
      else
        selection.setBaseAndExtent(
          selection.anchorNode as Node,
          selection.anchorOffset,
          node,
          offset,
        );
    },
  );
  selection.modify = modify;
  return modify;
}
