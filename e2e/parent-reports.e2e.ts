import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { students, teachers } from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { testBackends } from '../server/test/harness';
import { firstLink } from '../server/test/smtp-capture';
import { startAppServer } from './support/app-server';
import {
  expectAccessible,
  launchBrowser,
  NARROW,
  openPage,
  screenshot,
  scrollToDeferredPart,
} from './support/browser';
import { playVideoToTheEnd } from './support/media';

const TEACHER = { email: 'ada.lovelace@school.example', password: 'reports-for-parents-2026' };
const PARENT = 'maya.patel.parent@family.example';
const LAPTOP = { width: 1366, height: 900 };

const playToTheEnd = (video: Locator) => playVideoToTheEnd(video);

describe.each(testBackends())('parent reports in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(backend);
    const [teacher] = await server.ctx.db
      .insert(teachers)
      .values({
        email: TEACHER.email,
        passwordHash: await hashPassword(TEACHER.password),
        firstName: 'Ada',
        lastName: 'Lovelace',
        emailVerifiedAt: new Date(),
      })
      .returning();
    // Two pupils, so the search has something to narrow.
    await server.ctx.db.insert(students).values([
      {
        teacherId: teacher!.id,
        name: 'Maya',
        surname: 'Patel',
        yearGroup: 'Year 6',
        parentName: 'Priya Patel',
        parentEmail: PARENT,
      },
      { teacherId: teacher!.id, name: 'Oliver', surname: 'Jones', yearGroup: 'Year 5' },
    ]);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('records, enhances, saves a draft, shares it, and the parent opens it on a phone', async () => {
    const teacher = await openPage(browser, server.baseURL, LAPTOP);
    const t = teacher.page;
    await t.context().grantPermissions(['microphone', 'clipboard-read', 'clipboard-write']);
    await t.goto('/login');
    await t.getByLabel('Email').fill(TEACHER.email);
    await t.getByLabel('Password').fill(TEACHER.password);
    await t.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => t.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);

    await t.goto('/teacher/parent-reports');
    await t.getByText('No reports yet').waitFor();
    await expectAccessible(t, 'parent reports, empty');

    // A template prefills the subjects and shows its prompts beside the recorder.
    await t.getByRole('button', { name: 'See All Templates' }).click();
    await t.getByRole('dialog', { name: 'Report Templates' }).waitFor();
    await t.getByRole('button', { name: 'Use the Progress check template' }).click();
    const dialog = t.getByRole('dialog', { name: 'Create Parent Report' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Subjects').inputValue()).toBe('English, Maths');
    await dialog.getByText('How your child has settled and is getting on.').waitFor();
    expect(await dialog.getByRole('tab', { name: 'Preview' }).isDisabled()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save Report' }).isDisabled()).toBe(true);

    // Search narrows the pupil list; pick Maya.
    await dialog.getByLabel('Search pupils').fill('may');
    expect(await dialog.getByLabel('Student').locator('option').count()).toBe(2);
    await dialog.getByLabel('Student').selectOption({ label: 'Maya Patel (Year 6)' });

    // Record a few seconds with the fake microphone, then save the clip.
    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await dialog.getByRole('timer', { name: 'Recording time' }).waitFor();
    await t.waitForTimeout(3_000);
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    await dialog.getByRole('button', { name: 'Play recording' }).waitFor();
    await dialog.getByRole('button', { name: 'Save Recording' }).click();

    // The fake microphone has no speech: the teacher types what they said and enhances it.
    await dialog.getByText('Step 2 of 2: Review the transcript').waitFor({ timeout: 15_000 });
    await dialog.getByText('No transcription was available').waitFor();
    await dialog
      .getByLabel('What you said')
      .fill(
        'Um, so, Maya has, like, worked really hard in maths this term. She would like more reading books.',
      );
    await dialog.getByRole('button', { name: 'Enhance', exact: true }).click();
    const enhanced = dialog.getByLabel('Enhanced transcript');
    await expect.poll(() => enhanced.inputValue(), { timeout: 10_000 }).not.toBe('');
    const cleaned = await enhanced.inputValue();
    expect(cleaned).not.toMatch(/\bum\b/i);
    expect(cleaned).toContain('would like');
    // The before/after view names what was removed, for sighted and screen-reader users.
    expect(await dialog.locator('del').count()).toBeGreaterThan(0);
    await dialog.getByText(/words? removed/).waitFor();

    // The teacher edits the enhanced text, then saves the draft.
    await enhanced.fill(`${cleaned} Well done, Maya!`);
    expect(await dialog.getByRole('tab', { name: 'Preview' }).isDisabled()).toBe(false);
    await expectAccessible(t, 'create report dialog');
    await screenshot(t, `parent-report-dialog-wide-${backend}`);
    await dialog.getByRole('button', { name: 'Save Report' }).click();
    await t.getByText('Your report was created as a draft.').first().waitFor();

    // Preview: saving a recorded report started its video, from the recording and the edited
    // text; it shows its progress, then plays to the end with captions.
    const startedAt = Date.now();
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Generate Again' }).waitFor();
    const preview = await playToTheEnd(dialog.locator('video'));
    console.info(`Save → playable video: ${Date.now() - startedAt} ms`);
    expect(preview.duration).toBeGreaterThan(1);
    expect(preview.currentTime).toBeCloseTo(preview.duration, 1);
    expect(preview.trackReady).toBe(2);
    await expectAccessible(t, 'create report dialog, preview');
    await screenshot(t, `parent-report-preview-wide-${backend}`);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The draft is listed with View, Edit and Delete (no Share), dated "Last edited".
    const list = t.getByRole('region', { name: 'Recent reports' });
    await list.getByText('Maya Patel', { exact: true }).waitFor();
    await list.getByText(/^Last edited /).waitFor();
    await list.getByRole('button', { name: 'Edit report for Maya Patel' }).waitFor();
    expect(await list.getByRole('button', { name: 'Share report for Maya Patel' }).count()).toBe(0);
    await expectAccessible(t, 'parent reports with a draft');
    await screenshot(t, `parent-reports-wide-${backend}`);

    // Edit reopens the draft with its fields.
    await list.getByRole('button', { name: 'Edit report for Maya Patel' }).click();
    const edit = t.getByRole('dialog', { name: 'Edit Parent Report' });
    expect(await edit.getByLabel('Enhanced transcript').inputValue()).toContain('Well done, Maya!');
    await edit.getByRole('button', { name: 'Cancel' }).click();

    // View, then share with the parent from there (addressed from the directory).
    await list.getByRole('button', { name: 'View report for Maya Patel' }).click();
    const view = t.getByRole('dialog', { name: 'Report for Maya Patel' });
    await view.getByText('This report has not been shared yet.').waitFor();
    await view.getByRole('button', { name: 'Share with Parent' }).click();
    const share = t.getByRole('dialog', { name: 'Share Report' });
    await expect.poll(() => share.getByLabel('Recipient email').inputValue()).toBe(PARENT);
    expect(await share.getByLabel('Link expires after (days)').inputValue()).toBe('14');
    await expectAccessible(t, 'share report dialog');
    await share.getByRole('button', { name: 'Share Report' }).click();
    const link = await share.getByLabel('Report link').inputValue();
    expect(link).toMatch(/\/shared\/[A-Za-z0-9_-]{22,}$/);
    await share.getByRole('button', { name: 'Copy' }).click();
    await t.getByText('Link copied to clipboard').first().waitFor();
    await share.getByRole('button', { name: 'Done' }).click();
    await list.getByText(/^Sent /).waitFor();
    await list.getByRole('button', { name: 'Share report for Maya Patel' }).waitFor();

    // The parent's e-mail arrives with the same link.
    const mail = await server.smtp.waitForMail(PARENT, /A report about/);
    expect(firstLink(mail.text)).toBe(link);

    // The parent opens it on a phone: the report, the AI note, nothing of the teacher's tools.
    const parent = await openPage(browser, server.baseURL, NARROW);
    const p = parent.page;
    await p.goto(new URL(link).pathname);
    await p.getByRole('heading', { name: 'Report for Maya' }).waitFor();
    await p.getByText(/^From Ada Lovelace ·/).waitFor();
    await p.getByText('Subjects: English, Maths').waitFor();
    await p.getByText('Well done, Maya!', { exact: false }).waitFor();
    await p.getByText('This video was made with AI from Ada Lovelace', { exact: false }).waitFor();
    const watched = await playToTheEnd(p.locator('video'));
    expect(watched.currentTime).toBeCloseTo(watched.duration, 1);
    expect(watched.trackReady).toBe(2);
    expect(await p.getByText('Patel').count()).toBe(0);
    await expectAccessible(p, 'shared report');
    await screenshot(p, `shared-report-narrow-${backend}`);
    const overflow = await p.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);

    // A wrong key reads as an invalid link.
    await p.goto('/shared/not-a-real-key-at-all-000000');
    await p.getByText('Invalid or Expired Link').waitFor();
    await p.getByText('This report link may have expired or does not exist.').waitFor();

    // The view dialog lists the link with its view, and revoking it closes the parent's page.
    await list.getByRole('button', { name: 'View report for Maya Patel' }).click();
    await view.getByText('Opened 1 time', { exact: false }).waitFor();
    await view.getByRole('button', { name: /^Revoke link for/ }).click();
    await t
      .getByRole('alertdialog', { name: 'Revoke this link?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await view.getByText('Revoked', { exact: true }).waitFor();
    const revoked = await openPage(browser, server.baseURL, NARROW);
    await revoked.page.goto(new URL(link).pathname);
    await revoked.page.getByText('Invalid or Expired Link').waitFor();
    await view.getByRole('button', { name: 'Close', exact: false }).first().click();

    // The dashboard embeds the recent reports with their actions and a way to the page.
    await t.goto('/teacher');
    await scrollToDeferredPart(t, 'Loading parent reports…');
    const card = t.getByRole('region', { name: 'Recent parent reports' });
    await card.getByRole('button', { name: 'View report for Maya Patel' }).click();
    await t.getByRole('dialog', { name: 'Report for Maya Patel' }).waitFor();
    await t.keyboard.press('Escape');
    await expectAccessible(t, 'dashboard with parent reports');
    await t.getByRole('link', { name: 'Create New Report' }).click();
    await expect.poll(() => t.url()).toMatch(/\/teacher\/parent-reports$/);

    // The page on a phone.
    await t.setViewportSize(NARROW);
    await t.getByRole('region', { name: 'Recent reports' }).waitFor();
    await screenshot(t, `parent-reports-narrow-${backend}`);
  }, 240_000);
});
