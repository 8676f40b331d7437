import type { Page } from 'playwright-core';

/**
 * Selects a passage in the review page's text the way a teacher does: by dragging the
 * mouse from the first character of `quote` to its last.
 */
export async function dragSelect(page: Page, quote: string): Promise<void> {
  const region = page.locator('[role="document"]');
  await region.scrollIntoViewIfNeeded();
  const points = await region.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const nodes: [Text, number][] = [];
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      nodes.push([node as Text, text.length]);
      text += (node as Text).data;
    }
    const start = text.indexOf(wanted);
    if (start === -1) throw new Error(`"${wanted}" is not on this page`);
    const end = start + wanted.length;
    const rectOf = (offset: number) => {
      for (const [node, base] of nodes) {
        if (offset >= base && offset < base + node.length) {
          const range = document.createRange();
          range.setStart(node, offset - base);
          range.setEnd(node, offset - base + 1);
          return range.getBoundingClientRect();
        }
      }
      throw new Error(`offset ${offset} not found`);
    };
    // Bring the passage into view inside the scrolling text box, then the window.
    const first = rectOf(start);
    const box = root.getBoundingClientRect();
    if (first.top < box.top || first.bottom > box.bottom)
      root.scrollTop += first.top - box.top - 40;
    window.scrollBy(0, rectOf(start).top - window.innerHeight / 2);
    const a = rectOf(start);
    const b = rectOf(end - 1);
    return {
      from: { x: a.left + 1, y: a.top + a.height / 2 },
      to: { x: b.right - 1, y: b.top + b.height / 2 },
    };
  }, quote);
  await page.mouse.move(points.from.x, points.from.y);
  await page.mouse.down();
  await page.mouse.move(points.to.x, points.to.y, { steps: 5 });
  await page.mouse.up();
}
