import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files } from '../server/db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { readZip } from '../server/test/read-zip';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

const DESKTOP = { width: 1366, height: 900 };

describe.each(testBackends())('pupil directory in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;

  beforeAll(async () => {
    server = await startAppServer(backend);
    browser = await launchBrowser();
    owner = await signedInTeacher(server, 'Grace');
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function signIn(viewport = DESKTOP) {
    const session = await openPage(browser, server.baseURL, viewport);
    const [name, value] = owner.cookie.split('=') as [string, string];
    await session.context.addCookies([{ name, value, url: server.baseURL }]);
    return session;
  }

  it('adds, edits, searches, opens, merges, exports and erases pupils', {
    timeout: 240_000,
  }, async () => {
    // Two hand-ins by one child, the second typed with other initials, and one by another.
    const { keyId } = await classroomKeyOf(server, owner.cookie);
    const essay = Buffer.concat([fixture('essay.pdf'), Buffer.from('\n% maya-essay\n')]);
    const first = (
      await handIn(server, keyId, {
        firstName: 'Maya',
        surnameInitials: 'PA',
        title: 'The Lighthouse at Gull Point',
        file: { bytes: essay, name: 'maya-lighthouse.pdf' },
      })
    ).json();
    await handIn(server, keyId, {
      firstName: 'Maya',
      surnameInitials: 'PT',
      title: 'Volcano Report',
    });
    await handIn(server, keyId, { firstName: 'Leo', surnameInitials: 'KA', title: 'My Holiday' });
    const shared = await server.app.inject({
      method: 'POST',
      url: `/api/documents/${first.id}/share-feedback`,
      headers: { cookie: owner.cookie },
      payload: { studentName: 'Maya', sendEmail: false },
    });
    const shareKey = String(shared.json().shareableLink).split('/').pop();
    const feedbackView = () =>
      server.app.inject({ url: `/api/feedback-view/${shareKey}` }).then((r) => r.statusCode);
    expect(await feedbackView()).toBe(200);
    // The runner reads the text of each hand-in in the background; the export includes it.
    await expect
      .poll(
        async () =>
          (await server.ctx.db.select().from(documents)).filter(
            (d) => d.extractionStatus === 'pending',
          ).length,
        { timeout: 60_000 },
      )
      .toBe(0);

    const session = await signIn();
    const page = session.page;
    await page.goto('/teacher/students');
    const table = page.getByRole('table', { name: 'Your students' });
    await table.getByRole('rowheader', { name: 'Maya PA' }).waitFor();
    await expectAccessible(page, 'students page');

    // Add Student: the spec's required fields, then a pupil with every detail.
    await page.getByRole('button', { name: 'Add Student' }).click();
    const add = page.getByRole('dialog', { name: 'Add Student' });
    await add.getByRole('button', { name: 'Add Student' }).click();
    await add.getByText('Name is required').waitFor();
    await add.getByText('Grade is required').waitFor();
    await expectAccessible(page, 'add student dialog with its messages');
    await add.getByLabel('Name *').fill('Ruby');
    await add.getByLabel('Surname').fill('Okafor');
    await add.getByLabel('Grade *').selectOption('K');
    await add.getByLabel('Email', { exact: true }).fill('ruby@pupils.example');
    await add.getByLabel('Parent Name').fill('Ngozi Okafor');
    await add.getByLabel('Parent Email').fill('ngozi@home.example');
    await add.getByLabel('Notes').fill('Sits at the front.');
    await add.getByRole('button', { name: 'Add Student' }).click();
    await page.getByText('Student added', { exact: true }).waitFor();
    await table.getByRole('rowheader', { name: 'Ruby Okafor' }).waitFor();
    await screenshot(page, 'students-1366');

    // Edit Pupil: complete the pupil a hand-in created.
    await table.getByRole('button', { name: 'Edit Leo KA' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pupil' });
    await expect.poll(() => edit.getByLabel('Name *').inputValue()).toBe('Leo');
    await edit.getByLabel('Surname').fill('Kaur');
    await edit.getByLabel('Grade *').selectOption('6');
    await edit.getByLabel('Parent Email').fill('kaur@home.example');
    await expectAccessible(page, 'edit pupil dialog');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Student updated', { exact: true }).waitFor();
    await table.getByRole('rowheader', { name: 'Leo Kaur' }).waitFor();

    // Search: case-insensitive on name and year group.
    const search = page.getByRole('searchbox', { name: 'Search students by name or year group' });
    await search.fill('OKAF');
    await expect.poll(() => table.getByRole('rowheader').allInnerTexts()).toEqual(['Ruby Okafor']);
    // The year group the hand-ins gave (Ruby, added by grade, has none).
    await search.fill('YEAR 6');
    await expect
      .poll(() => table.getByRole('rowheader').allInnerTexts())
      .toEqual(['Leo Kaur', 'Maya PA', 'Maya PT']);
    await search.fill('maya');
    await expect
      .poll(() => table.getByRole('rowheader').allInnerTexts())
      .toEqual(['Maya PA', 'Maya PT']);
    await search.fill('');

    // A row opens the pupil's Documents & Assignments; Back to Students returns.
    await table.getByRole('rowheader', { name: 'Maya PA' }).click();
    await page.getByRole('heading', { name: 'Documents & Assignments' }).waitFor();
    await page.getByText('The Lighthouse at Gull Point').waitFor();
    expect(await page.getByText('Volcano Report').count()).toBe(0);
    await expectAccessible(page, 'pupil documents');
    await screenshot(page, 'student-documents-1366');
    await page.getByRole('link', { name: 'Back to Students' }).click();
    await table.getByRole('rowheader', { name: 'Maya PA' }).waitFor();

    // Merge the record typed with other initials into the first.
    await table.getByRole('button', { name: 'More actions for Maya PT' }).click();
    await page.getByRole('menuitem', { name: 'Merge with another record…' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge Maya PT' });
    await merge.getByLabel('Record to keep').selectOption({ label: 'Maya PA · Year 6' });
    await merge.getByRole('button', { name: 'Merge', exact: true }).click();
    await merge.getByText('Move everything from').waitFor();
    await expectAccessible(page, 'merge dialog, confirming');
    await merge.getByRole('button', { name: 'Confirm Merge' }).click();
    await page.getByText('Students merged', { exact: true }).waitFor();
    await expect.poll(() => table.getByRole('rowheader', { name: 'Maya PT' }).count()).toBe(0);
    await table.getByRole('rowheader', { name: 'Maya PA' }).click();
    await page.getByText('Volcano Report').waitFor();
    await page.getByText('The Lighthouse at Gull Point').waitFor();

    // Export: the browser downloads the zip; open it and list what it holds.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Export' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^pupil-maya-pa-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readZip(readFileSync((await download.path())!));
    const names = [...zip.keys()];
    console.log(`Export of Maya PA holds:\n  ${names.join('\n  ')}`);
    expect(names[0]).toBe('index.json');
    const index = JSON.parse(zip.get('index.json')!.toString('utf8'));
    expect(index.documents.map((d: { title: string }) => d.title).sort()).toEqual([
      'The Lighthouse at Gull Point',
      'Volcano Report',
    ]);
    const lighthouse = index.documents.find((d: { id: number }) => d.id === first.id);
    expect(zip.get(lighthouse.original.path)!.equals(essay)).toBe(true);
    expect(lighthouse.shareLinks).toHaveLength(1);
    expect(names.filter((n) => n.endsWith('extracted-text.txt'))).toHaveLength(2);

    // Erase: the confirmation names what goes; afterwards documents, link and files are gone.
    const herFiles = await server.ctx.db
      .select({ storageKey: files.storageKey })
      .from(documents)
      .innerJoin(files, eq(files.id, documents.fileId))
      .where(eq(documents.studentId, index.pupil.id));
    expect(herFiles).toHaveLength(2);
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const erase = page.getByRole('alertdialog', { name: 'Delete Maya PA?' });
    await erase
      .getByText(
        '2 handed-in documents, 0 feedback items, 1 share link, 0 parent reports, 2 stored files.',
      )
      .waitFor();
    await expectAccessible(page, 'erase confirmation');
    await screenshot(page, 'student-erase-1366');
    await erase.getByRole('button', { name: 'Delete Pupil and Data' }).click();
    await page.getByText('Student deleted', { exact: true }).waitFor();
    await expect.poll(() => page.url()).toMatch(/\/teacher\/students$/);
    await table.getByRole('rowheader', { name: 'Ruby Okafor' }).waitFor();
    expect(await table.getByRole('rowheader', { name: /Maya/ }).count()).toBe(0);
    expect(await feedbackView()).toBe(404);
    await page.goto('/teacher/documents');
    await page.getByText('My Holiday').waitFor();
    expect(await page.getByText('The Lighthouse at Gull Point').count()).toBe(0);
    expect(await page.getByText('Volcano Report').count()).toBe(0);
    // The job runner removes the stored bytes right after the commit.
    await expect
      .poll(
        async () =>
          (await Promise.all(herFiles.map((f) => server.ctx.files.stat(f.storageKey)))).filter(
            Boolean,
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0);
    await session.close();
  });

  it('fits a phone: cards instead of the table, dialogs usable', async () => {
    const session = await signIn(NARROW);
    const page = session.page;
    await page.goto('/teacher/students');
    const list = page.getByRole('list', { name: 'Your students' });
    await list.getByText('Ruby Okafor').waitFor();
    expect(await page.getByRole('table').isVisible()).toBe(false);
    await expectAccessible(page, 'students page at 390 px');
    await screenshot(page, 'students-390');
    await list.getByRole('button', { name: 'Edit Ruby Okafor' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Pupil' });
    await expect.poll(() => edit.getByLabel('Surname').inputValue()).toBe('Okafor');
    await expectAccessible(page, 'edit pupil dialog at 390 px');
    await screenshot(page, 'students-edit-390');
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(390);
    await session.close();
  });
});
