import type { Page } from 'playwright-core';

export interface LessonInput {
  title: string;
  description: string;
  timeSlot: string;
  day: string;
  colour: string;
}

export const dayColumn = (page: Page, day: string) =>
  page.getByRole('region', { name: new RegExp(`^${day}\\b`) });

export const lessonCard = (page: Page, title: string) =>
  page.getByRole('article', { name: title, exact: true });

/** Through the Add New Lesson dialog, as a teacher would. */
export async function addLessonThroughDialog(page: Page, lesson: LessonInput): Promise<void> {
  await page.getByRole('button', { name: 'Add Lesson', exact: true }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add New Lesson' });
  await dialog.getByLabel('Lesson Title').fill(lesson.title);
  await dialog.getByLabel('Description').fill(lesson.description);
  await dialog.getByLabel('Time Slot').fill(lesson.timeSlot);
  await dialog.getByLabel('Day').selectOption(lesson.day);
  await dialog.getByLabel('Colour').selectOption(lesson.colour);
  await dialog.getByRole('button', { name: 'Add Lesson' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await dayColumn(page, lesson.day).getByRole('article', { name: lesson.title }).waitFor();
}

/**
 * Records, in the page, when the pointer or key that drops a lesson goes up or down, so the
 * test can read the time from that moment until the PUT's response arrived (resource timing).
 */
export async function watchDrops(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __drops: number[] };
    w.__drops = [];
    window.addEventListener('pointerup', () => w.__drops.push(performance.now()), true);
    window.addEventListener(
      'keydown',
      (event) => {
        if (event.code === 'Space') w.__drops.push(performance.now());
      },
      true,
    );
    performance.setResourceTimingBufferSize(10_000);
  });
}

/** Milliseconds from the last drop to the end of the last PUT /api/lessons/… response. */
export async function lastDropToSaved(page: Page): Promise<number> {
  return page.evaluate(() => {
    const drops = (window as unknown as { __drops: number[] }).__drops;
    const drop = drops[drops.length - 1] ?? 0;
    const puts = performance
      .getEntriesByType('resource')
      .filter((entry) => /\/api\/lessons\/\d+$/.test(entry.name) && entry.startTime >= drop)
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
    return (puts[0] ?? Number.NaN) - drop;
  });
}

/** Drags by the card's handle with the mouse, in small steps as a hand would. */
export async function dragWithMouse(page: Page, title: string, toDay: string): Promise<void> {
  const handle = page.getByRole('button', { name: `Drag lesson ${title}` });
  const from = await handle.boundingBox();
  const to = await dayColumn(page, toDay).boundingBox();
  if (!from || !to) throw new Error(`cannot see ${title} or ${toDay}`);
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 60, { steps: 12 });
  await page.mouse.up();
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Chromium writes one `/Type /Page` object per sheet. */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)?.length ?? 0;
}
