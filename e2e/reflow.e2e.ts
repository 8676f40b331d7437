import { mkdirSync, writeFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../server/db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import {
  layoutPdf,
  sampleDocument,
  TWO_COLUMN_PAPER,
} from '../server/work/extraction/pdfs.test-support';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, openPage, screenshot } from './support/browser';
import { pdfPageCount } from './support/lesson-planner';

const HEADER = 'Journal of Classroom Studies 14 (2026) 101–114';

describe.each(testBackends())('reflowed PDF text in Chromium on %s', (backend) => {
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

  it('reads a 14-page two-column paper as paragraphs, flags a passage that changed, and prints it on few sheets', async () => {
    const { teacher, cookie } = await signedInTeacher(server, 'Ada');
    const { keyId } = await classroomKeyOf(server, cookie);
    const source = await layoutPdf(sampleDocument(31, 110), TWO_COLUMN_PAPER);
    const sourcePages = (await PDFDocument.load(source)).getPageCount();
    expect(sourcePages).toBeGreaterThanOrEqual(13);
    const submitted = await handIn(server, keyId, {
      file: { bytes: Buffer.from(source), name: 'paper.pdf' },
      title: 'A Study of Classroom Feedback',
    });
    const documentId = submitted.json().id as number;
    const extracted = async () =>
      (await server.ctx.db.select().from(documents).where(eq(documents.id, documentId)))[0];
    await expect
      .poll(async () => (await extracted())?.extractionStatus, { timeout: 60_000 })
      .toBe('done');
    const text = (await extracted())!.extractedContent!;

    // Feedback written on the text as the old extraction had it (running header and all),
    // then the text as it is now: that passage is gone.
    await server.ctx.db
      .update(documents)
      .set({ extractedContent: `${HEADER}\n\n${text}` })
      .where(eq(documents.id, documentId));
    const made = await server.app.inject({
      method: 'POST',
      url: `/api/documents/${documentId}/feedback`,
      headers: { cookie },
      payload: {
        type: 'text',
        content: 'Check the journal details',
        pageNumber: 1,
        startOffset: 0,
        endOffset: HEADER.length,
        highlightedText: HEADER,
      },
    });
    expect(made.statusCode).toBe(200);
    await server.ctx.db
      .update(documents)
      .set({ extractedContent: text })
      .where(eq(documents.id, documentId));

    const session = await openPage(browser, server.baseURL);
    const page = session.page;
    // The print dialog would wait for a person; the print view and page.pdf are what count.
    await page.addInitScript(() => {
      window.print = () => undefined;
    });
    await page.goto('/login');
    await page.getByLabel('Email').fill(teacher.email);
    await page.getByLabel('Password').fill('teaching-is-fun');
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await page.goto(`/teacher/document/${documentId}`);

    // The text view: paragraphs, single-spaced, no running header or page numbers.
    const view = page.getByRole('document', { name: /^Page 1 of \d+$/ });
    await view.waitFor();
    const shown = (await view.textContent()) ?? '';
    expect(shown).toContain('A Study of Classroom Feedback');
    expect(shown).not.toContain('Journal of Classroom Studies');
    expect(shown).not.toMatch(/Page \d+ of \d+/);
    const style = await view.evaluate((node) => {
      const computed = getComputedStyle(node);
      return {
        line: Number.parseFloat(computed.lineHeight),
        font: Number.parseFloat(computed.fontSize),
      };
    });
    expect(style.line / style.font).toBeLessThanOrEqual(1.5);

    // The teacher is told, item and count, that a passage changed.
    await page.getByText('1 feedback item is about a passage that changed').waitFor();
    await page.getByText('This passage changed.').waitFor();
    await expectAccessible(page, 'review with a changed passage');
    await screenshot(page, `reflow-review-${backend}`);

    // Print uses the reflowed text: about as many sheets as the paper had pages.
    await page.getByRole('button', { name: 'Download' }).click();
    await page.getByRole('menuitem', { name: 'Print text' }).click();
    await page.locator('.cv-print-root').waitFor({ state: 'attached' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    mkdirSync('test-results/screens', { recursive: true });
    writeFileSync(`test-results/screens/reflow-print-${backend}.pdf`, pdf);
    const sheets = pdfPageCount(pdf);
    console.info(`reflow print: ${sheets} sheets for ${sourcePages} source pages`);
    expect(sheets / sourcePages).toBeLessThanOrEqual(1.5);
  }, 180_000);
});
