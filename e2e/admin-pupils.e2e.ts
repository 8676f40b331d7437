import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students } from '../server/db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../server/test/fixtures';
import { testBackends } from '../server/test/harness';
import { readZip } from '../server/test/read-zip';
import { ADMIN, startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

const DESKTOP = { width: 1366, height: 900 };

describe.each(testBackends())(
  "the administrator and a teacher's pupils in Chromium on %s",
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

    async function adminPortal(viewport = DESKTOP) {
      const session = await openPage(browser, server.baseURL, viewport);
      const page = session.page;
      await page.goto('/admin-portal');
      await page.getByLabel('Username').fill(ADMIN.username);
      await page.getByLabel('Password').fill(ADMIN.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await page.getByRole('tab', { name: 'Users' }).waitFor();
      return session;
    }

    /** Opens a teacher's pupils from the keyboard: focus the button, press Enter. */
    async function openPupilsOf(page: Page, teacherName: string) {
      await page.getByRole('button', { name: `Pupils of ${teacherName}` }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: `Pupils of ${teacherName}` });
      await dialog.waitFor();
      return dialog;
    }

    it("lists a teacher's pupils, exports one as a zip and erases another", {
      timeout: 240_000,
    }, async () => {
      const grace = await signedInTeacher(server, 'Grace');
      const alan = await signedInTeacher(server, 'Alan');
      const { keyId } = await classroomKeyOf(server, grace.cookie);
      const essay = Buffer.concat([fixture('essay.pdf'), Buffer.from('\n% maya-admin-export\n')]);
      await handIn(server, keyId, {
        firstName: 'Maya',
        surnameInitials: 'PA',
        title: 'The Lighthouse at Gull Point',
        file: { bytes: essay, name: 'maya-lighthouse.pdf' },
      });
      await handIn(server, keyId, { firstName: 'Leo', surnameInitials: 'KA', title: 'My Holiday' });
      const alanKey = (await classroomKeyOf(server, alan.cookie)).keyId;
      await handIn(server, alanKey, {
        firstName: 'Leo',
        surnameInitials: 'KA',
        title: 'Other class',
      });
      await server.ctx.jobs.drain();

      const admin = await adminPortal();
      const page = admin.page;
      const dialog = await openPupilsOf(page, 'Grace Hopper');
      const maya = dialog.getByRole('listitem').filter({ hasText: 'Maya PA' });
      const leo = dialog.getByRole('listitem').filter({ hasText: 'Leo KA' });
      await maya.getByText('1 document · 0 parent reports').waitFor();
      await leo.waitFor();
      expect(await dialog.getByRole('listitem').count()).toBe(2);
      await expectAccessible(page, "admin: a teacher's pupils");
      await screenshot(page, `admin-pupils-wide-${backend}`);

      // Export: the browser downloads the same zip the teacher would get.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        maya.getByRole('link', { name: 'Export data of Maya PA' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^pupil-maya-pa-\d{4}-\d{2}-\d{2}\.zip$/);
      const zip = await readZip(readFileSync((await download.path())!));
      const names = [...zip.keys()];
      console.log(`Administrator's export of Maya PA holds:\n  ${names.join('\n  ')}`);
      expect(names[0]).toBe('index.json');
      const index = JSON.parse(zip.get('index.json')!.toString('utf8'));
      expect(index.documents.map((d: { title: string }) => d.title)).toEqual([
        'The Lighthouse at Gull Point',
      ]);
      expect(zip.get(index.documents[0].original.path)!.equals(essay)).toBe(true);
      expect(names.filter((n) => n.endsWith('extracted-text.txt'))).toHaveLength(1);
      await page.getByText('Export started').first().waitFor();

      // Erase: the confirmation counts what goes; keyboard only.
      const leoRow = (
        await server.ctx.db.select().from(students).where(eq(students.teacherId, grace.teacher.id))
      ).find((s) => s.name === 'Leo')!;
      await leo.getByRole('button', { name: 'Erase Leo KA' }).focus();
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog', { name: 'Erase Leo KA?' });
      await confirm.waitFor();
      await confirm.getByText('a pupil of Grace Hopper').waitFor();
      await expect
        .poll(() => confirm.getByTestId('admin-erase-footprint').textContent(), { timeout: 8_000 })
        .toBe(
          '1 handed-in document, 0 feedback items, 0 share links, 0 parent reports, 1 stored file.',
        );
      await expectAccessible(page, 'admin: erase a pupil confirmation');
      await screenshot(page, `admin-pupils-erase-confirm-wide-${backend}`);
      // Cancel first: nothing goes.
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect(
        await server.ctx.db.select().from(students).where(eq(students.id, leoRow.id)),
      ).toHaveLength(1);
      await leo.getByRole('button', { name: 'Erase Leo KA' }).click();
      await confirm.getByRole('button', { name: 'Erase Pupil and Data' }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Pupil erased', { exact: true }).waitFor();
      await leo.waitFor({ state: 'detached' });
      await maya.waitFor();
      // Focus stays inside the pupils dialog, at its title (moved there after the confirmation
      // has closed, in a task of its own).
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
        .toBe('Pupils of Grace Hopper');
      expect(await server.ctx.db.select().from(students).where(eq(students.id, leoRow.id))).toEqual(
        [],
      );
      // Maya, and Alan's own Leo KA, are untouched.
      expect(
        (
          await server.ctx.db
            .select()
            .from(students)
            .where(eq(students.teacherId, grace.teacher.id))
        ).map((s) => s.name),
      ).toEqual(['Maya']);
      expect(
        await server.ctx.db.select().from(students).where(eq(students.teacherId, alan.teacher.id)),
      ).toHaveLength(1);
      await expectAccessible(page, "admin: a teacher's pupils after an erase");
      // Escape would first dismiss the toasts still showing (each is a layer of its own), so
      // the dialog is closed with its own Close button, from the keyboard.
      await dialog.getByRole('button', { name: 'Close' }).focus();
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'hidden' });
      // Focus goes back to the button that opened it. Radix moves it in a task after the
      // dialog has left the page, so the check waits for it rather than racing it.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
        .toBe('Pupils of Grace Hopper');
      await admin.close();

      // 390 px: the same dialog, nothing wider than the screen.
      const narrow = await adminPortal(NARROW);
      const small = await openPupilsOf(narrow.page, 'Grace Hopper');
      await small.getByRole('listitem').filter({ hasText: 'Maya PA' }).waitFor();
      await expectAccessible(narrow.page, "admin: a teacher's pupils at 390 px");
      const overflow = await narrow.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBe(0);
      await screenshot(narrow.page, `admin-pupils-narrow-${backend}`);
      await small
        .getByRole('listitem')
        .filter({ hasText: 'Maya PA' })
        .getByRole('button', { name: 'Erase Maya PA' })
        .click();
      const narrowConfirm = narrow.page.getByRole('alertdialog', { name: 'Erase Maya PA?' });
      await narrowConfirm.getByTestId('admin-erase-footprint').waitFor();
      await expectAccessible(narrow.page, 'admin: erase confirmation at 390 px');
      await screenshot(narrow.page, `admin-pupils-erase-confirm-narrow-${backend}`);
      await narrowConfirm.getByRole('button', { name: 'Cancel' }).click();
      await narrow.close();
    });
  },
);
