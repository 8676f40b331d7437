import type { Page } from 'playwright-core';

/**
 * Selects a passage on a PDF page in the page view by dragging the mouse over pdf.js's
 * text layer, from the first letter of `quote` to its last, as a teacher does. The quote
 * is found by its letters (the text layer splits lines and words into spans its own way).
 */
export async function dragSelectOnPage(page: Page, quote: string): Promise<void> {
  const points = await page.evaluate(async (wanted) => {
    const isLetter = (char: string) => /[\p{L}\p{N}]/u.test(char);
    const spans = Array.from(document.querySelectorAll<HTMLElement>('.textLayer [data-item]'));
    const letters: { node: Text; offset: number }[] = [];
    let text = '';
    for (const span of spans) {
      const node = span.firstChild;
      if (!(node instanceof Text)) continue;
      for (let i = 0; i < node.length; i++) {
        const char = node.data[i]!;
        if (!isLetter(char)) continue;
        text += char.toLowerCase();
        letters.push({ node, offset: i });
      }
    }
    const needle = Array.from(wanted)
      .filter(isLetter)
      .map((c) => c.toLowerCase())
      .join('');
    const at = text.indexOf(needle);
    if (at === -1) throw new Error(`"${wanted}" is not on a drawn page`);
    const rectOf = (index: number) => {
      const { node, offset } = letters[index]!;
      const range = document.createRange();
      range.setStart(node, offset);
      range.setEnd(node, offset + 1);
      return range.getBoundingClientRect();
    };
    rectOf(at);
    (letters[at]!.node.parentElement as HTMLElement).scrollIntoView({ block: 'center' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const a = rectOf(at);
    const b = rectOf(at + needle.length - 1);
    return {
      from: { x: a.left + 0.5, y: a.top + a.height / 2 },
      to: { x: b.right - 0.5, y: b.top + b.height / 2 },
    };
  }, quote);
  await page.mouse.move(points.from.x, points.from.y);
  await page.mouse.down();
  await page.mouse.move(points.to.x, points.to.y, { steps: 8 });
  await page.mouse.up();
}

/** Clicks the middle of the first box drawn for a feedback item on the page view. */
export async function clickPageHighlight(page: Page, id: number): Promise<void> {
  const box = await page.locator(`[data-page-mark="${id}"]`).first().boundingBox();
  if (!box) throw new Error(`no highlight drawn for feedback ${id}`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}
