import type { ItemSpan } from '../passage-map';

/** A box on the page, in percent of the page's width and height. */
export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * The boxes of a passage's words on a drawn page: each stretch of a text item is measured
 * as a DOM range over its span in pdf.js's text layer (which pdf.js has already placed and
 * scaled over the glyphs), and boxes on one line are joined across the gaps between words.
 */
export function markRects(frame: HTMLElement, textLayer: HTMLElement, spans: ItemSpan[]): Rect[] {
  const page = frame.getBoundingClientRect();
  if (page.width === 0 || page.height === 0) return [];
  const boxes: DOMRect[] = [];
  for (const span of spans) {
    const node = textLayer.querySelector(`[data-item="${span.item}"]`)?.firstChild;
    if (!node || node.nodeType !== Node.TEXT_NODE) continue;
    const length = (node as Text).length;
    const range = document.createRange();
    range.setStart(node, Math.min(span.from, length));
    range.setEnd(node, Math.min(span.to, length));
    boxes.push(...Array.from(range.getClientRects()).filter((r) => r.width > 0 && r.height > 0));
  }
  const lines: DOMRect[] = [];
  for (const box of boxes) {
    const line = lines.find(
      (l) =>
        Math.abs(l.top - box.top) < box.height * 0.5 &&
        box.left - l.right < box.height * 1.5 &&
        l.left - box.right < box.height * 1.5,
    );
    if (!line) {
      lines.push(DOMRect.fromRect(box));
      continue;
    }
    const left = Math.min(line.left, box.left);
    const top = Math.min(line.top, box.top);
    line.width = Math.max(line.right, box.right) - left;
    line.height = Math.max(line.bottom, box.bottom) - top;
    line.x = left;
    line.y = top;
  }
  return lines.map((r) => ({
    left: ((r.left - page.left) / page.width) * 100,
    top: ((r.top - page.top) / page.height) * 100,
    width: (r.width / page.width) * 100,
    height: (r.height / page.height) * 100,
  }));
}
