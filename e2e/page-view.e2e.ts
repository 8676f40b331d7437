import { mkdirSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback } from '../server/db/schema';
import { anchorSelection } from '../server/records/feedback';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import {
  INDENTED_ESSAY,
  layoutPdf,
  sampleDocument,
} from '../server/work/extraction/pdfs.test-support';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';
import { pdfPageCount } from './support/lesson-planner';
import { clickPageHighlight, dragSelectOnPage } from './support/page-view';

const WIDE_1366 = { width: 1366, height: 900 };

/** Six words from the middle of a paragraph of the text page, starting and ending on a letter. */
function pickQuote(pageText: string): string {
  const from = pageText.indexOf(' ', 250) + 1;
  const match = /^[\p{L}][^\n]*?(?: [^\s]+){5}/u.exec(pageText.slice(from));
  if (!match) throw new Error('no quote found');
  return match[0].replace(/[^\p{L}\p{N}]+$/u, '');
}

describe.each(testBackends())('the page view in Chromium on %s', (backend) => {
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

  it('turns a passage selected on the PDF page into the text view’s anchor, and shows it in both views and on the shared link', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ada');
    const { keyId } = await classroomKeyOf(server, cookie);
    const source = await layoutPdf(sampleDocument(11, 14), INDENTED_ESSAY);
    const sourcePages = (await PDFDocument.load(source)).getPageCount();
    const submitted = await handIn(server, keyId, {
      file: { bytes: Buffer.from(source), name: 'essay.pdf' },
      title: 'Rivers and their journeys',
    });
    const documentId = submitted.json().id as number;
    const row = async () =>
      (await server.ctx.db.select().from(documents).where(eq(documents.id, documentId)))[0]!;
    await expect.poll(async () => (await row()).extractionStatus, { timeout: 60_000 }).toBe('done');
    const extract = (
      await server.app.inject({ url: `/api/documents/${documentId}/extract`, headers: { cookie } })
    ).json() as { pages: string[] };
    const quote = pickQuote(extract.pages[0]!);

    const session = await openPage(browser, server.baseURL, WIDE_1366);
    const t = session.page;
    await t.addInitScript(() => {
      window.print = () => undefined;
    });
    await t.goto('/login');
    await t.getByLabel('Email').fill(teacher.email);
    await t.getByLabel('Password').fill('teaching-is-fun');
    await t.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => t.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await t.goto(`/teacher/document/${documentId}`);
    await t.getByRole('document', { name: /^Page 1 of \d+$/ }).waitFor();

    // Text is the default; Page draws the PDF (pdf.js and its worker load only now).
    const textToggle = t.getByRole('button', { name: 'Text', exact: true });
    const pageToggle = t.getByRole('button', { name: 'Page', exact: true });
    expect(await textToggle.getAttribute('aria-pressed')).toBe('true');
    const scripts = () =>
      t.evaluate(() => performance.getEntriesByType('resource').map((entry) => entry.name));
    expect((await scripts()).some((name) => /pdf\.worker|pdf-pages/.test(name))).toBe(false);
    await pageToggle.focus();
    await t.keyboard.press('Enter');
    expect(await pageToggle.getAttribute('aria-pressed')).toBe('true');
    await t.locator('[data-page-number="1"] .textLayer [data-item]').first().waitFor();
    expect((await scripts()).some((name) => /pdf\.worker/.test(name))).toBe(true);
    expect(await t.locator('[data-page-number]').count()).toBe(sourcePages);

    await dragSelectOnPage(t, quote);
    await t.getByRole('heading', { name: 'Add Feedback for Selected Text' }).waitFor();
    await t.getByRole('tab', { name: 'Text Feedback' }).click();
    await t.getByLabel('Feedback text').fill('Good use of evidence here.');
    await t.getByRole('button', { name: 'Save Feedback' }).click();
    await t.getByText('Feedback Saved', { exact: true }).first().waitFor();

    // The very anchor selecting the same words in the text view gives.
    const [saved] = await server.ctx.db
      .select()
      .from(feedback)
      .where(eq(feedback.documentId, documentId));
    const start = extract.pages[0]!.indexOf(quote);
    const expected = anchorSelection((await row()).extractedContent, {
      pageNumber: 1,
      startOffset: start,
      endOffset: start + quote.length,
      highlightedText: quote,
    });
    expect(saved).toMatchObject(expected);
    expect(saved!.highlightedText).toBe(quote);

    // Drawn on the page where the words are; a click there selects the item.
    const id = saved!.id;
    await t.locator(`[data-page-mark="${id}"]`).first().waitFor();
    await clickPageHighlight(t, id);
    await expect
      .poll(() => t.locator(`[data-page-marker-for="${id}"]`).getAttribute('aria-pressed'))
      .toBe('true');
    await expectAccessible(t, 'review, page view');
    mkdirSync('test-results/screens', { recursive: true });
    await t.screenshot({ path: `test-results/screens/page-view-review-1366-${backend}.png` });

    // Printing the pages: every PDF page, highlights drawn, then the comments.
    await t.getByRole('button', { name: 'Download' }).click();
    await t.getByRole('menuitem', { name: 'Print pages as handed in' }).click();
    await t.locator('.cv-print-root[data-print-ready]').waitFor({ state: 'attached' });
    const printed = await t.pdf({ format: 'A4', printBackground: true });
    writeFileSync(`test-results/screens/page-view-print-${backend}.pdf`, printed);
    expect(pdfPageCount(printed)).toBeGreaterThanOrEqual(sourcePages);
    await t.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The text view marks the same words.
    await t.getByRole('button', { name: 'Text', exact: true }).click();
    await expect
      .poll(() => t.locator(`mark[data-feedback-id="${id}"]`).allTextContents())
      .toEqual([quote]);
    await expectAccessible(t, 'review, text view');

    // Shared: the parent's link shows it in both views.
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
      await v.getByRole('tab', { name: 'Document with Highlights' }).waitFor();
      await expect.poll(() => v.locator('mark').allTextContents()).toContain(quote);
      await expectAccessible(v, `shared link, text view, ${viewport.width} px`);
      await v.getByRole('button', { name: 'Page', exact: true }).click();
      await v.locator(`[data-page-mark="${id}"]`).first().waitFor();
      await clickPageHighlight(v, id);
      await expect
        .poll(() => v.locator(`[data-page-marker-for="${id}"]`).getAttribute('aria-pressed'))
        .toBe('true');
      await expectAccessible(v, `shared link, page view, ${viewport.width} px`);
      await screenshot(v, `page-view-shared-${viewport.width}-${backend}`);
      await parent.close();
    }

    // The pupil's own page offers the page view too.
    const pupil = await openPage(browser, server.baseURL, NARROW);
    const phrase = (
      await server.app.inject({ url: '/api/settings/classroom-phrase', headers: { cookie } })
    ).json().classroomPhrase as string;
    await pupil.page.goto(`/documents/${phrase}/${(await row()).uniqueId}`);
    await pupil.page.getByRole('button', { name: 'Page', exact: true }).click();
    await pupil.page.locator(`[data-page-mark="${id}"]`).first().waitFor();
    await expectAccessible(pupil.page, 'pupil document, page view');
    await screenshot(pupil.page, `page-view-pupil-390-${backend}`);
    await pupil.close();

    await t.setViewportSize(NARROW);
    await t.getByRole('button', { name: 'Page', exact: true }).click();
    await t.locator(`[data-page-mark="${id}"]`).first().waitFor();
    await t.screenshot({ path: `test-results/screens/page-view-review-390-${backend}.png` });
    await session.close();
  }, 420_000);
});
