import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback } from '../server/db/schema';
import { documentPages } from '../server/records/documents';
import { anchorSelection } from '../server/records/feedback';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { fourteenPagePdf } from '../server/test/fourteen-page-pdf';
import { testBackends } from '../server/test/harness';
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

  it('turns a passage selected on page 3 of a 14-page PDF into the text view’s anchor, labelled "Page 3" in both views, on the shared link and in the annotated PDF', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ada');
    const { keyId } = await classroomKeyOf(server, cookie);
    const source = await fourteenPagePdf();
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
    ).json() as { pages: string[]; pageNumbers: number[] };
    // The second part of the PDF's page 3 (about 560 words, read in two): in pages of 300
    // words it was text page 5 or 6, and its feedback said so.
    const textPage = extract.pageNumbers.lastIndexOf(3) + 1;
    expect(textPage).toBeGreaterThan(3);
    const quote = pickQuote(extract.pages[textPage - 1]!);

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
    await t.getByRole('document', { name: 'Page 1 of 14' }).waitFor();

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

    await t.locator('[data-page-number="3"]').scrollIntoViewIfNeeded();
    await t.locator('[data-page-number="3"] .textLayer [data-item]').first().waitFor();
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
    const expected = anchorSelection(documentPages(await row()).pages, {
      pageNumber: textPage,
      startOffset: start,
      endOffset: start + quote.length,
      highlightedText: quote,
    });
    expect(saved).toMatchObject(expected);
    expect(saved!.highlightedText).toBe(quote);
    const card = t.locator('article', { hasText: 'Good use of evidence here.' });
    await expect.poll(() => card.textContent()).toMatch(/Page 3 ·/);

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
    const printedPath = `test-results/screens/page-view-print-${backend}.pdf`;
    expect(execFileSync('pdftotext', [printedPath, '-'], { encoding: 'utf8' })).toContain(
      '[1] Written feedback, page 3',
    );
    await t.evaluate(() => window.dispatchEvent(new Event('afterprint')));

    // The text view marks the same words, on the second part of page 3.
    await card.getByRole('button', { name: 'Show in document' }).click();
    await t.getByRole('document', { name: 'Page 3 (continued) of 14' }).waitFor();
    expect(await t.getByRole('navigation', { name: 'Pages' }).textContent()).toContain(
      'Page 3 (continued) of 14',
    );
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
      await v.getByRole('tab', { name: /^Feedback List/ }).click();
      const listed = v.locator('article', { hasText: 'Good use of evidence here.' });
      await expect.poll(() => listed.textContent()).toMatch(/Page 3(?! \(continued)/);
      await v.getByRole('tab', { name: 'Document with Highlights' }).click();
      await v.getByRole('button', { name: 'Page', exact: true }).click();
      await v.locator('[data-page-number="3"]').scrollIntoViewIfNeeded();
      await v.locator(`[data-page-mark="${id}"]`).first().waitFor();
      await clickPageHighlight(v, id);
      await expect
        .poll(() => v.locator(`[data-page-marker-for="${id}"]`).getAttribute('aria-pressed'))
        .toBe('true');
      await expect
        .poll(() => v.locator('article', { hasText: 'Good use of evidence here.' }).textContent())
        .toMatch(/Page 3/);
      await expectAccessible(v, `shared link, page view, ${viewport.width} px`);
      await screenshot(v, `page-view-shared-${viewport.width}-${backend}`);
      // Chosen on the page, the item's words are there in the text view, under page 3.
      await v.getByRole('button', { name: 'Text', exact: true }).click();
      await v.getByRole('region', { name: 'Page 3 (continued) of 14' }).waitFor();
      await expect.poll(() => v.locator('mark').allTextContents()).toContain(quote);
      await v.getByRole('heading', { name: 'Feedback on page 3 (continued)' }).waitFor();
      await expectAccessible(v, `shared link, text view, ${viewport.width} px`);
      await screenshot(v, `page-view-shared-text-${viewport.width}-${backend}`);
      await parent.close();
    }

    // The pupil's own page offers the page view too.
    const pupil = await openPage(browser, server.baseURL, NARROW);
    const phrase = (
      await server.app.inject({ url: '/api/settings/classroom-phrase', headers: { cookie } })
    ).json().classroomPhrase as string;
    await pupil.page.goto(`/documents/${phrase}/${(await row()).uniqueId}`);
    await pupil.page.getByRole('button', { name: 'Page', exact: true }).click();
    await pupil.page.locator('[data-page-number="3"]').scrollIntoViewIfNeeded();
    await pupil.page.locator(`[data-page-mark="${id}"]`).first().waitFor();
    await expectAccessible(pupil.page, 'pupil document, page view');
    await screenshot(pupil.page, `page-view-pupil-390-${backend}`);
    await pupil.close();

    // The annotated PDF's summary names the page as the pupil numbered it.
    const annotated = await server.app.inject({
      url: `/api/documents/${documentId}/download?format=annotated-pdf`,
      headers: { cookie },
    });
    const annotatedPath = `test-results/screens/page-view-annotated-${backend}.pdf`;
    writeFileSync(annotatedPath, annotated.rawPayload);
    const summary = execFileSync('pdftotext', [annotatedPath, '-'], {
      encoding: 'utf8',
    });
    expect(summary).toMatch(/1\. Page 3 · comment/);
    expect(summary).not.toMatch(new RegExp(`Page ${textPage} · comment`));

    await t.setViewportSize(NARROW);
    await t.getByRole('button', { name: 'Page', exact: true }).click();
    await t.locator('[data-page-number="3"]').scrollIntoViewIfNeeded();
    await t.locator(`[data-page-mark="${id}"]`).first().waitFor();
    await t.screenshot({ path: `test-results/screens/page-view-review-390-${backend}.png` });
    await session.close();
  }, 420_000);
});
