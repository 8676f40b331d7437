import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, students } from '../server/db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

/** A one-page PDF, as a scanner with text recognition would save a worksheet. */
async function scannedWorksheet(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Fractions worksheet: three quarters is more than two thirds.', {
    x: 50,
    y: 700,
    size: 12,
    font,
  });
  return Buffer.from(await pdf.save());
}

// More than one server page (50), so "Load More" has to fetch the second.
const TOTAL = 60;

describe.each(testBackends())('documents list paging in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;
  let cookie: string;
  let teacherId: number;

  beforeAll(async () => {
    server = await startAppServer(backend);
    browser = await launchBrowser();
    const teacher = await signedInTeacher(server, 'Paging');
    cookie = teacher.cookie;
    teacherId = teacher.teacher.id;
    await server.ctx.db.insert(documents).values(
      Array.from({ length: TOTAL }, (_, i) => ({
        uniqueId: `pg${String(i).padStart(6, '0')}`,
        teacherId: teacher.teacher.id,
        title: `Essay ${i}`,
        author: 'A pupil',
        status: i % 2 === 0 ? ('new' as const) : ('reviewed' as const),
        extractionStatus: 'done' as const,
        createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      })),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows 10 at a time, fetches the next server page when needed, searches on the server', async () => {
    const { page, context, close } = await openPage(browser, server.baseURL);
    const [name, value] = cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: server.baseURL }]);
    await page.goto('/teacher/documents');
    await page.getByText(`Showing 10 of ${TOTAL} documents`).waitFor();
    // Newest first.
    await page.getByRole('link', { name: `View Essay ${TOTAL - 1}`, exact: true }).waitFor();
    await expectAccessible(page, 'documents list');
    for (let shown = 20; shown <= TOTAL; shown += 10) {
      await page.getByRole('button', { name: 'Load More' }).click();
      await page.getByText(`Showing ${shown} of ${TOTAL} documents`).waitFor();
    }
    await page.getByRole('button', { name: 'All Loaded' }).waitFor();
    expect(await page.getByRole('button', { name: 'All Loaded' }).isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'View Essay 0', exact: true }).waitFor();
    await screenshot(page, 'documents-all-loaded');

    await page.getByRole('tab', { name: 'Reviewed' }).click();
    await page.getByText(`Showing 10 of ${TOTAL / 2} documents`).waitFor();

    await page.getByRole('tab', { name: 'All Documents' }).click();
    await page
      .getByRole('searchbox', { name: 'Search documents by title or pupil' })
      .fill('essay 5');
    // "Essay 5" and "Essay 50" to "Essay 59".
    await page.getByText('Showing 10 of 11 documents').waitFor();
    await page
      .getByRole('searchbox', { name: 'Search documents by title or pupil' })
      .fill('no such essay');
    await page.getByText('No documents found').waitFor();
    await close();
  }, 120_000);

  it('uploads paper work for a pupil chosen in the dialog, so it is theirs', async () => {
    const [pupil] = await server.ctx.db
      .insert(students)
      .values({
        teacherId,
        name: 'Zoë',
        surname: 'Okafor',
        surnameInitials: 'OK',
        yearGroup: 'Year 5',
      })
      .returning();
    for (const viewport of [{ width: 1366, height: 900 }, NARROW]) {
      const { page, context, close } = await openPage(browser, server.baseURL, viewport);
      const [name, value] = cookie.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.baseURL }]);
      await page.goto('/teacher/documents');
      await page.getByRole('button', { name: 'Upload Assignment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload Assignment' });
      await dialog.getByRole('option', { name: 'Zoë Okafor' }).waitFor({ state: 'attached' });
      await dialog.getByLabel('Assignment title').fill(`Fractions worksheet ${viewport.width}`);
      await dialog.getByLabel('Pupil').selectOption({ label: 'Zoë Okafor' });
      await dialog.getByLabel('File').setInputFiles({
        name: 'worksheet.pdf',
        mimeType: 'application/pdf',
        buffer: await scannedWorksheet(),
      });
      await expectAccessible(page, `upload assignment dialog, ${viewport.width} px`);
      await screenshot(page, `upload-assignment-pupil-${viewport.width}`);
      await dialog.getByRole('button', { name: 'Upload' }).click();
      await page.getByText('Assignment Uploaded', { exact: true }).first().waitFor();
      // In the list under the pupil's name, and in the pupil's own documents.
      await page
        .getByText(/Uploaded .* by Zoë Okafor/)
        .first()
        .waitFor();
      await close();
    }
    const theirs = await server.ctx.db
      .select({ title: documents.title })
      .from(documents)
      .where(eq(documents.studentId, pupil!.id));
    expect(theirs.map((d) => d.title).sort()).toEqual([
      'Fractions worksheet 1366',
      'Fractions worksheet 390',
    ]);
  }, 120_000);
});

describe.each(testBackends())(
  'a document whose text could not be read, in Chromium on %s',
  (backend) => {
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

    it('is read again on Try again once the cause is gone', async () => {
      const { cookie } = await signedInTeacher(server, 'Retry');
      const { keyId } = await classroomKeyOf(server, cookie);
      const setPhotoReading = (on: boolean) =>
        server.app.inject({
          method: 'PUT',
          url: '/api/settings',
          headers: { cookie },
          payload: { documentAnalysis: on },
        });
      // Handed in while photo reading was off: its reading fails until the teacher allows it.
      expect((await setPhotoReading(false)).statusCode).toBe(200);
      const handedIn = await handIn(server, keyId, {
        file: { bytes: fixture('homework.png'), name: 'homework.png' },
        title: 'Photographed homework',
      });
      const { uniqueId } = handedIn.json() as { uniqueId: string };
      await expect
        .poll(
          async () =>
            (
              await server.app.inject({ url: `/api/documents/id/${uniqueId}`, headers: { cookie } })
            ).json().extractionStatus,
          { timeout: 20_000 },
        )
        .toBe('failed');
      expect((await setPhotoReading(true)).statusCode).toBe(200);

      const { page, context, close } = await openPage(browser, server.baseURL);
      const [name, value] = cookie.split(';')[0]!.split('=') as [string, string];
      await context.addCookies([{ name, value, url: server.baseURL }]);
      await page.goto(`/teacher/document/${uniqueId}`);
      const failure = page.getByText('The text could not be read from this file.');
      await failure.waitFor();
      await expectAccessible(page, 'review, reading failed');
      await screenshot(page, `read-again-failed-${backend}`);
      await page.setViewportSize(NARROW);
      await expectAccessible(page, 'review, reading failed, 390 px');
      await page.getByRole('button', { name: 'Try again' }).click();
      await failure.waitFor({ state: 'detached', timeout: 30_000 });
      await page
        .getByText('Loading document content...')
        .waitFor({ state: 'detached', timeout: 60_000 });
      await page
        .getByText(/Secret Garden/)
        .first()
        .waitFor();
      await screenshot(page, `read-again-done-390-${backend}`);
      await close();
    }, 120_000);
  },
);
