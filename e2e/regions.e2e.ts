import { mkdirSync, writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { inspect } from '../server/work/exports/pdf-inspection.test-support';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

const WIDE_1366 = { width: 1366, height: 900 };

/** A photographed worksheet, drawn here: a sum written in boxes and a coloured drawing. */
function worksheetPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#fbf8f0"/>
    <rect x="80" y="120" width="740" height="220" fill="none" stroke="#333" stroke-width="4"/>
    <path d="M120 240 q60 -80 120 0 t120 0 t120 0 t120 0" stroke="#1d3f9c" stroke-width="8" fill="none"/>
    <circle cx="450" cy="720" r="180" fill="#e0552b"/>
    <rect x="380" y="940" width="140" height="160" fill="#2f7d32"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Drags a rectangle on a page's region layer from one share of the page to another. */
async function dragRegion(page: Page, from: [number, number], to: [number, number]) {
  const layer = page.locator('[data-region-layer="1"]');
  // The whole drag must be on screen (and clear of the sticky footer): centre it.
  await layer.evaluate(
    (element, middle) => {
      const rect = element.getBoundingClientRect();
      window.scrollBy(0, rect.top + middle * rect.height - window.innerHeight / 2);
    },
    (from[1] + to[1]) / 2,
  );
  const box = await layer.boundingBox();
  if (!box) throw new Error('no region layer on page 1');
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(from));
  await page.mouse.down();
  await page.mouse.move(...at(to), { steps: 10 });
  await page.mouse.up();
}

const cropsLoaded = (page: Page) =>
  page
    .locator('img[alt^="The marked region"]')
    .evaluateAll((images) =>
      images.map(
        (image) =>
          (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
      ),
    );

describe.each(testBackends())('region feedback on a photo in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(backend);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('marks a region of a PNG photo with audio feedback and another by keyboard, and the parent sees them on the page', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ada');
    // Photos are marked on the image; reading them (OCR) is switched off here.
    await server.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie },
      payload: { documentAnalysis: false },
    });
    const { keyId } = await classroomKeyOf(server, cookie);
    const submitted = await handIn(server, keyId, {
      file: { bytes: await worksheetPhoto(), name: 'worksheet.png' },
      title: 'Fractions worksheet',
    });
    const documentId = submitted.json().id as number;

    const session = await openPage(browser, server.baseURL, WIDE_1366);
    const t = session.page;
    await t.goto('/login');
    await t.getByLabel('Email').fill(teacher.email);
    await t.getByLabel('Password').fill('teaching-is-fun');
    await t.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => t.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await t.goto(`/teacher/document/${documentId}`);
    await t.getByRole('button', { name: 'Page', exact: true }).click();
    await t.getByRole('button', { name: 'Mark a region on page 1' }).waitFor();

    // Drag a rectangle round the orange circle and record audio feedback for it.
    await dragRegion(t, [0.28, 0.43], [0.72, 0.77]);
    await t.getByRole('heading', { name: 'Add Feedback for Selected Region' }).waitFor();
    await t.locator('[data-region-draft]').waitFor();
    await t.getByRole('tab', { name: 'Audio Feedback' }).click();
    await t.getByRole('button', { name: 'Start Recording' }).click();
    await t.getByRole('button', { name: 'Stop Recording' }).waitFor();
    await t.waitForTimeout(2_500);
    await t.getByRole('button', { name: 'Stop Recording' }).click();
    await t.getByRole('button', { name: 'Save Audio Feedback' }).click();
    await t
      .getByRole('button', { name: /^Play audio feedback, 0:0[1-4]$/ })
      .first()
      .waitFor({ timeout: 20_000 });
    await t.getByRole('button', { name: 'Feedback 1: region on page 1' }).waitFor();

    // The keyboard way: place a region, move it right, make it taller, confirm.
    await t.getByRole('button', { name: 'Mark a region on page 1' }).focus();
    await t.keyboard.press('Enter');
    const movable = t.getByRole('application', { name: 'New region on page 1' });
    await movable.waitFor();
    await expect
      .poll(() => movable.evaluate((element) => element === document.activeElement))
      .toBe(true);
    for (let i = 0; i < 5; i++) await t.keyboard.press('ArrowUp');
    for (let i = 0; i < 5; i++) await t.keyboard.press('ArrowUp');
    for (let i = 0; i < 2; i++) await t.keyboard.press('Shift+ArrowDown');
    await t.keyboard.press('Enter');
    await t.getByRole('heading', { name: 'Add Feedback for Selected Region' }).waitFor();
    await t.getByRole('tab', { name: 'Text Feedback' }).click();
    await t.getByLabel('Feedback text').fill('Show how you got this sum.');
    await t.getByRole('button', { name: 'Save Feedback' }).click();
    await t.getByRole('button', { name: 'Feedback 2: region on page 1' }).waitFor();

    const items = (
      await server.app.inject({ url: `/api/documents/${documentId}/feedback`, headers: { cookie } })
    ).json() as { type: string; region: { x: number; y: number; width: number; height: number } }[];
    expect(items.map((item) => item.type)).toEqual(['audio', 'text']);
    expect(items[0]!.region.x).toBeCloseTo(0.28, 1);
    expect(items[0]!.region.width).toBeCloseTo(0.44, 1);
    // Ten steps of 2 % up from the middle, then 4 % taller.
    expect(items[1]!.region).toMatchObject({ x: 0.35, y: 0.15, width: 0.3 });
    expect(items[1]!.region.height).toBeCloseTo(0.24, 5);

    await expect.poll(() => cropsLoaded(t)).toEqual([true, true]);
    await expect.poll(() => t.getByText('Region on page 1', { exact: true }).count()).toBe(2);
    await expectAccessible(t, 'review, page view with regions');
    await screenshot(t, `regions-review-1366-${backend}`);
    await t.setViewportSize(NARROW);
    await t.getByRole('button', { name: 'Feedback 1: region on page 1' }).waitFor();
    await expectAccessible(t, 'review, page view with regions, 390 px');
    await screenshot(t, `regions-review-390-${backend}`);

    // Share, and open the link as a parent: the regions are drawn on the photo.
    const shared = await server.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/share-feedback`,
      headers: { cookie },
      payload: { sendEmail: false },
    });
    const link = new URL(shared.json().shareableLink).pathname;
    for (const viewport of [WIDE_1366, NARROW]) {
      const parent = await openPage(browser, server.baseURL, viewport);
      const v = parent.page;
      await v.goto(link);
      await v.getByRole('button', { name: 'Page', exact: true }).click();
      const first = v.getByRole('button', { name: 'Feedback 1: region on page 1' });
      await first.waitFor();
      await v.getByRole('button', { name: 'Feedback 2: region on page 1' }).waitFor();
      // Parents look; they cannot mark.
      expect(await v.getByRole('button', { name: /^Mark a region/ }).count()).toBe(0);
      await first.click();
      await expect.poll(() => first.getAttribute('aria-current')).toBe('true');
      await expect.poll(() => cropsLoaded(v)).toEqual([true, true]);
      await expectAccessible(v, `shared link, page view with regions, ${viewport.width} px`);
      await screenshot(v, `regions-shared-${viewport.width}-${backend}`);
      await parent.close();
    }

    // The annotated PDF: the photo with a square over each region.
    const pdf = await server.app.inject({
      url: `/api/documents/${documentId}/download?format=annotated-pdf`,
      headers: { cookie },
    });
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync(`test-results/screens/regions-annotated-${backend}.pdf`, pdf.rawPayload);
    const pages = await inspect(new Uint8Array(pdf.rawPayload));
    expect(pages[0]!.annotations.filter((a) => a.subtype === 'Square')).toHaveLength(2);
    await session.close();
  }, 240_000);
});
