/*
 * The marking tools in Chromium: a comment inserted from the teacher's comment bank by
 * keyboard, a pen stroke on a photo saved as feedback and drawn as an Ink annotation in
 * the annotated PDF, a mark with a rubric shown to the parent once shared, and the class
 * mark sheet offered as a CSV download.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../server/db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { inspect } from '../server/work/exports/pdf-inspection.test-support';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

const WIDE_1366 = { width: 1366, height: 900 };

/** A photographed page of sums, drawn here, with room round them for the teacher's pen. */
function sumsPhoto(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="1200">
    <rect width="900" height="1200" fill="#fbf8f0"/>
    <rect x="80" y="120" width="740" height="220" fill="none" stroke="#333" stroke-width="4"/>
    <rect x="160" y="500" width="580" height="120" fill="#d9d4c5"/>
    <rect x="160" y="760" width="420" height="120" fill="#d9d4c5"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Draws a pen line through shares of the ink layer on page 1, the pointer held down. */
async function drawLine(page: Page, points: [number, number][]) {
  const layer = page.locator('[data-ink-layer="1"]');
  const middle = points.reduce((sum, [, y]) => sum + y, 0) / points.length;
  await layer.evaluate((element, share) => {
    const rect = element.getBoundingClientRect();
    window.scrollBy(0, rect.top + share * rect.height - window.innerHeight / 2);
  }, middle);
  const box = await layer.boundingBox();
  if (!box) throw new Error('no ink layer on page 1');
  const at = ([x, y]: [number, number]) => [box.x + x * box.width, box.y + y * box.height] as const;
  await page.mouse.move(...at(points[0]!));
  await page.mouse.down();
  for (const point of points.slice(1)) await page.mouse.move(...at(point), { steps: 8 });
  await page.mouse.up();
}

describe.each(testBackends())('marking tools in Chromium on %s', (backend) => {
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

  it('inserts a bank comment on a pen stroke over a photo, marks it, and the PDF has the ink', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ada');
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      server.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    await api('PUT', '/api/settings', { documentAnalysis: false });
    // The bank as a teacher left it: three comments, the one to insert found by a word.
    for (const text of [
      'Lovely neat working.',
      'Check your units: cm or m?',
      'Show the step between these two lines.',
    ]) {
      expect((await api('POST', '/api/comment-bank', { text })).statusCode).toBe(200);
    }
    const { keyId } = await classroomKeyOf(server, cookie);
    const submitted = await handIn(server, keyId, {
      file: { bytes: await sumsPhoto(), name: 'sums.png' },
      title: 'Measuring sums',
      firstName: 'Maya',
      surnameInitials: 'RO',
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
    await t.getByRole('toolbar', { name: 'Drawing tools' }).waitFor();

    // A pen stroke under the first sum: a tick-like line in red.
    await t.getByRole('button', { name: 'Pen', exact: true }).click();
    await drawLine(t, [
      [0.2, 0.53],
      [0.3, 0.56],
      [0.45, 0.5],
      [0.6, 0.47],
    ]);
    await t.getByRole('heading', { name: 'Add Feedback for Drawing' }).waitFor();
    await t.locator('[data-ink-draft]').waitFor();
    await t.getByRole('tab', { name: 'Text Feedback' }).click();
    await t.getByLabel('Comment (optional)').fill('Nearly.');

    // The bank by keyboard: a word narrows it, Down chooses, Enter inserts at the caret.
    const bank = t.getByRole('combobox', { name: 'Insert from comment bank' });
    await bank.focus();
    await t.keyboard.type('units');
    await t.getByRole('option', { name: /Check your units/ }).waitFor();
    await t.keyboard.press('ArrowDown');
    await t.keyboard.press('Enter');
    await expect
      .poll(() => t.getByLabel('Comment (optional)').inputValue())
      .toBe('Nearly. Check your units: cm or m?');
    await t.getByRole('button', { name: 'Save Feedback' }).click();
    await t.getByText('Your drawing was added.').first().waitFor();

    const items = (await api('GET', `/api/documents/${documentId}/feedback`)).json() as {
      content: string;
      ink: { page: number; strokes: { tool: string; colour: string; points: number[][] }[] };
      region: { x: number; y: number; width: number; height: number };
    }[];
    expect(items).toHaveLength(1);
    expect(items[0]!.content).toBe('Nearly. Check your units: cm or m?');
    expect(items[0]!.ink.page).toBe(1);
    expect(items[0]!.ink.strokes).toHaveLength(1);
    expect(items[0]!.ink.strokes[0]).toMatchObject({ tool: 'pen', colour: 'red' });
    expect(items[0]!.ink.strokes[0]!.points.length).toBeGreaterThanOrEqual(4);
    // The region is the box round the line: from about 20 % to 60 % across.
    expect(items[0]!.region.x).toBeCloseTo(0.2, 1);
    expect(items[0]!.region.x + items[0]!.region.width).toBeCloseTo(0.6, 1);
    // The inserted comment counts as used once the feedback is saved: it now comes first.
    const listed = (await api('GET', '/api/comment-bank')).json() as {
      text: string;
      uses: number;
    }[];
    expect(listed[0]).toMatchObject({ text: 'Check your units: cm or m?', uses: 1 });

    // The bank managed from the composer: one comment reworded, another removed.
    await t.getByRole('tab', { name: 'Text Feedback' }).click();
    await t.getByRole('button', { name: 'Manage comment bank' }).click();
    const dialog = t.getByRole('dialog', { name: 'Your comment bank' });
    await dialog.getByText('Used once').waitFor();
    await dialog.getByRole('button', { name: 'Edit “Lovely neat working.”' }).click();
    await dialog.getByLabel('Comment', { exact: true }).fill('Lovely neat working, Maya.');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByText('Lovely neat working, Maya.').waitFor();
    await dialog.getByRole('button', { name: /^Remove “Show the step/ }).click();
    await dialog.getByText('Remove this comment?').waitFor();
    await expectAccessible(t, 'comment bank dialog');
    await screenshot(t, `marking-comment-bank-1366-${backend}`);
    await dialog.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect.poll(() => dialog.getByRole('listitem').count()).toBe(2);
    await t.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(
      ((await api('GET', '/api/comment-bank')).json() as { text: string }[]).map((c) => c.text),
    ).toEqual(['Check your units: cm or m?', 'Lovely neat working, Maya.']);

    // A mark and a one-line rubric.
    await t.getByRole('button', { name: 'Select', exact: true }).click();
    await t.getByLabel('Mark or grade (optional)').fill('7/10');
    await t.getByRole('button', { name: 'Add criterion' }).click();
    await t.getByLabel('Criterion 1', { exact: true }).fill('Units given');
    await t.getByLabel('Level for criterion 1').selectOption('developing');
    await t.getByRole('button', { name: 'Save Mark' }).click();
    await t.getByText('Mark saved').first().waitFor();
    expect((await api('GET', `/api/documents/${documentId}/mark`)).json()).toMatchObject({
      mark: '7/10',
      rubric: [{ criterion: 'Units given', level: 'developing' }],
    });

    await expectAccessible(t, 'review with a drawing and a mark');
    await screenshot(t, `marking-review-1366-${backend}`);
    await t.setViewportSize(NARROW);
    await t.getByRole('toolbar', { name: 'Drawing tools' }).waitFor();
    await expectAccessible(t, 'review with a drawing and a mark, 390 px');
    await screenshot(t, `marking-review-390-${backend}`);

    // The documents list offers the class mark sheet.
    for (const viewport of [WIDE_1366, NARROW]) {
      await t.setViewportSize(viewport);
      await t.goto('/teacher/documents');
      const sheet = t.getByRole('link', { name: 'Mark sheet (CSV)' });
      await sheet.waitFor();
      expect(await sheet.getAttribute('href')).toBe('/api/mark-sheet');
      await expectAccessible(t, `documents with the mark sheet, ${viewport.width} px`);
      await screenshot(t, `marking-documents-${viewport.width}-${backend}`);
    }
    const downloading = t.waitForEvent('download');
    await t.getByRole('link', { name: 'Mark sheet (CSV)' }).click();
    const download = await downloading;
    mkdirSync('test-results/screens', { recursive: true });
    const csvPath = `test-results/screens/marking-mark-sheet-${backend}.csv`;
    await download.saveAs(csvPath);
    const csv = readFileSync(csvPath, 'utf8');
    expect(csv).toContain('"Measuring sums"');
    expect(csv).toContain('"7/10"');

    // Shared: the parent sees the mark, the rubric and the drawing on the photo.
    const shared = await api('POST', `/api/documents/${documentId}/share-feedback`, {
      sendEmail: false,
    });
    const link = new URL(shared.json().shareableLink).pathname;
    for (const viewport of [WIDE_1366, NARROW]) {
      const parent = await openPage(browser, server.baseURL, viewport);
      const v = parent.page;
      await v.goto(link);
      await v.getByText('7/10', { exact: true }).waitFor();
      await v.getByText('Units given').waitFor();
      await v.getByRole('button', { name: 'Page', exact: true }).click();
      await v.getByRole('button', { name: /^Feedback 1:/ }).waitFor();
      await expectAccessible(v, `shared link with a drawing and a mark, ${viewport.width} px`);
      await screenshot(v, `marking-shared-${viewport.width}-${backend}`);
      await parent.close();
    }

    // The pupil's own page of the work shows the shared mark and the drawing too.
    const phrase = (await api('GET', '/api/settings/classroom-phrase')).json()
      .classroomPhrase as string;
    const [row] = await server.ctx.db
      .select({ uniqueId: documents.uniqueId })
      .from(documents)
      .where(eq(documents.id, documentId));
    for (const viewport of [WIDE_1366, NARROW]) {
      const pupil = await openPage(browser, server.baseURL, viewport);
      const p = pupil.page;
      await p.goto(`/documents/${phrase}/${row!.uniqueId}`);
      await p.getByText('7/10', { exact: true }).waitFor();
      await p.getByText('Units given').waitFor();
      await p.getByText('Nearly. Check your units: cm or m?').first().waitFor();
      await expectAccessible(p, `pupil's document with a drawing and a mark, ${viewport.width} px`);
      await screenshot(p, `marking-pupil-document-${viewport.width}-${backend}`);
      await pupil.close();
    }

    // And their list of marked work.
    for (const viewport of [NARROW, WIDE_1366]) {
      const pupil = await openPage(browser, server.baseURL, viewport);
      const p = pupil.page;
      await p.goto('/student');
      await p.getByRole('tab', { name: 'View Marked Work' }).click();
      await p.getByLabel('Classroom key').fill(phrase);
      await p.getByLabel('First name').fill('Maya');
      await p.getByLabel('First two letters of your surname').fill('ro');
      await p.getByRole('button', { name: 'View my work' }).click();
      // A class that keeps marked work private (new accounts do) asks for the personal code.
      const heading = p.getByRole('heading', { name: 'Your marked work' });
      const code = p.getByLabel('Your personal code');
      await heading.or(code).waitFor();
      if (await code.isVisible()) {
        await code.fill(submitted.json().pupilCode);
        await p.getByRole('button', { name: 'View my work' }).click();
      }
      await heading.waitFor();
      await p.getByRole('heading', { name: 'Measuring sums' }).waitFor();
      await p.getByText('7/10', { exact: true }).waitFor();
      await p.getByText('Units given').waitFor();
      await expectAccessible(p, `pupil's marked work with a mark, ${viewport.width} px`);
      await screenshot(p, `marking-marked-work-${viewport.width}-${backend}`);
      await pupil.close();
    }

    // The annotated PDF: the photo's page carries the pen stroke as an Ink annotation.
    const pdf = await api('GET', `/api/documents/${documentId}/download?format=annotated-pdf`);
    expect(pdf.statusCode).toBe(200);
    writeFileSync(`test-results/screens/marking-annotated-${backend}.pdf`, pdf.rawPayload);
    const pages = await inspect(new Uint8Array(pdf.rawPayload));
    const inks = pages[0]!.annotations.filter((a) => a.subtype === 'Ink');
    expect(inks).toHaveLength(1);
    expect(pages.map((p) => p.text).join(' ')).toContain('Mark: 7/10');
    await session.close();
  }, 240_000);
});
