import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeys, teachers } from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { testBackends } from '../server/test/harness';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';
import { dragSelect } from './support/selection';

const ESSAY = new URL('../server/work/extraction/fixtures/essay.pdf', import.meta.url);
const TEACHER = { email: 'grace.hopper@school.example', password: 'marking-is-fun-2026' };

/**
 * Scripts a pupil's or a parent's page must never download: the teacher's and the
 * administrator's code, and TanStack Query, which only their pages use (decision 0035).
 */
async function scriptsNotForPupils(page: Page): Promise<string[]> {
  const names = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
  );
  return names.filter((name) => /^\/assets\/(query|teacher|admin)[-.]/.test(name));
}

describe.each(testBackends())('hand-in, review and sharing in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(backend);
    await server.ctx.db.insert(teachers).values({
      email: TEACHER.email,
      passwordHash: await hashPassword(TEACHER.password),
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerifiedAt: new Date(),
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('runs the whole loop: passphrase → hand-in → feedback → share → reviewed → pupil and parent see it', async () => {
    // The teacher signs in and reads the classroom passphrase from the header.
    const teacher = await openPage(browser, server.baseURL);
    const t = teacher.page;
    await t.context().grantPermissions(['microphone', 'clipboard-read', 'clipboard-write']);
    await t.goto('/login');
    await t.getByLabel('Email').fill(TEACHER.email);
    await t.getByLabel('Password').fill(TEACHER.password);
    await t.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => t.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    const phraseBadge = t.locator('span[tabindex="0"]', { hasText: 'Classroom passphrase:' });
    await phraseBadge.waitFor();
    const phrase = ((await phraseBadge.textContent()) ?? '')
      .replace('Classroom passphrase:', '')
      .trim();
    expect(phrase).toMatch(/^[a-z]+-[a-z]+-[a-z]+-[a-z]+$/);
    await phraseBadge.hover();
    await t
      .getByRole('tooltip')
      .getByText('Your classroom passphrase - students use this to access assignments')
      .waitFor();

    // A pupil hands in a real PDF with it.
    const pupil = await openPage(browser, server.baseURL, NARROW);
    const p = pupil.page;
    await p.goto('/student');
    await p.getByLabel('Classroom key').fill(phrase.replaceAll('-', ' '));
    await p.getByRole('button', { name: 'Continue' }).click();
    await p.getByText(/Handing in to Grace Hopper's classroom/).waitFor();
    await expectAccessible(p, 'hand-in form');
    await p.getByLabel('Assignment title').fill('The Lighthouse at Gull Point');
    await p.getByLabel('First name').fill('Maya');
    await p.getByLabel('Surname initials').fill('pa');
    await p.getByLabel('Year group').selectOption('Year 6');
    await p.getByLabel('File').setInputFiles({
      name: 'essay.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(ESSAY),
    });
    await screenshot(p, `pupil-hand-in-narrow-${backend}`);
    await p.getByRole('button', { name: 'Hand in work' }).click();
    await p
      .getByRole('heading', { name: 'Your work has been handed in' })
      .waitFor({ timeout: 15_000 });

    // It appears under New Submissions.
    await t.goto('/teacher/documents');
    await t.getByRole('tab', { name: 'New Submissions' }).click();
    await t.getByRole('link', { name: 'View The Lighthouse at Gull Point' }).waitFor();
    await expectAccessible(t, 'documents list');
    await screenshot(t, `documents-list-wide-${backend}`);
    await t.getByRole('link', { name: 'View The Lighthouse at Gull Point' }).click();
    await t.getByRole('document', { name: /Page 1 of 2/ }).waitFor({ timeout: 20_000 });

    // Text feedback on a selected passage.
    await dragSelect(t, 'old lighthouse at Gull Point');
    await t.getByRole('heading', { name: 'Add Feedback for Selected Text' }).waitFor();
    await t.getByRole('tab', { name: 'Text Feedback' }).click();
    await t.getByLabel('Feedback text').fill('A vivid opening: I can picture the lighthouse.');
    await t.getByRole('button', { name: 'Save Feedback' }).click();
    await t.getByText('Feedback Saved', { exact: true }).first().waitFor();
    await t.locator('mark[data-feedback-id]').first().waitFor();

    // A recorded audio clip (Chromium's fake microphone) on another passage.
    await dragSelect(t, 'brass telescope');
    await t.getByRole('heading', { name: 'Add Feedback for Selected Text' }).waitFor();
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
    expect(await t.locator('mark[data-feedback-id]').count()).toBe(2);
    await t.getByText('2 feedback items').waitFor();
    await expectAccessible(t, 'review with feedback');
    await screenshot(t, `review-wide-${backend}`);

    // Share, then mark reviewed.
    await t.getByRole('button', { name: 'Share with Student' }).click();
    const dialog = t.getByRole('dialog', { name: 'Share Feedback' });
    await dialog.getByLabel('Send email').uncheck();
    await dialog.getByRole('button', { name: 'Create Link' }).click();
    const link = await dialog.getByLabel('Feedback link').inputValue();
    expect(link).toMatch(/\/feedback-view\/[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await t.getByRole('button', { name: 'Mark as Reviewed' }).click();
    await t
      .getByRole('alertdialog', { name: 'Mark this document as reviewed?' })
      .getByRole('button', { name: 'Mark as Reviewed' })
      .click();
    await t.getByText('Document Marked as Reviewed', { exact: true }).first().waitFor();
    await t.getByRole('button', { name: 'Start Recording' }).waitFor({ state: 'detached' });

    // The share link shows both items with their highlights.
    const parent = await openPage(browser, server.baseURL);
    const v = parent.page;
    await v.goto(new URL(link).pathname);
    await v.getByRole('tab', { name: 'Document with Highlights' }).waitFor();
    expect(await v.locator('mark').count()).toBeGreaterThanOrEqual(2);
    await v.getByRole('tab', { name: 'Feedback List (2)' }).click();
    await v.getByText('A vivid opening: I can picture the lighthouse.').first().waitFor();
    await expectAccessible(v, 'shared feedback view');
    await screenshot(v, `feedback-view-wide-${backend}`);
    expect(await scriptsNotForPupils(v)).toEqual([]);

    // The pupil's View Marked Work lists them, and the audio plays.
    await p.goto('/student');
    await p.getByRole('tab', { name: 'View Marked Work' }).click();
    await p.getByLabel('Classroom key').fill(phrase);
    await p.getByLabel('First name').fill('Maya');
    await p.getByLabel('First two letters of your surname').fill('pa');
    await p.getByRole('button', { name: 'View my work' }).click();
    await p.getByRole('heading', { name: 'Your marked work' }).waitFor();
    await p.getByRole('heading', { name: 'The Lighthouse at Gull Point' }).waitFor();
    await p.getByText('Reviewed', { exact: true }).first().waitFor();
    await p.getByText('A vivid opening: I can picture the lighthouse.').waitFor();
    const play = p.getByRole('button', { name: /^Play audio feedback, 0:0[1-4]$/ });
    // Under the pupil's own document address, not by the recording's id.
    const fetched = p.waitForResponse(
      (r) => /\/api\/pupil-documents\/[^/]+\/[^/]+\/audio\/\d+$/.test(r.url()) && r.ok(),
    );
    await play.click();
    expect((await fetched).headers()['content-type']).toMatch(/^audio\//);
    await p.getByRole('button', { name: /^Pause audio feedback/ }).waitFor();
    // It plays to the end and returns to stopped.
    await play.waitFor({ timeout: 10_000 });
    await expectAccessible(p, 'marked work');
    await screenshot(p, `marked-work-narrow-${backend}`);
    expect(await scriptsNotForPupils(p)).toEqual([]);
    // The same check on the teacher's page finds them: it is not blind.
    expect(await scriptsNotForPupils(t)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/assets\/query-/)]),
    );

    // Reopened for more feedback: the parent and the pupil keep what was shared until the
    // teacher shares again. Reopened from the keyboard, where Mark as Reviewed was.
    await t.setViewportSize({ width: 1366, height: 900 });
    await t
      .getByRole('status')
      .filter({ hasText: /^Pupils and parents see this feedback\. Reopen it to add or change/ })
      .waitFor();
    await expectAccessible(t, 'review reviewed, 1366 px');
    await screenshot(t, `review-reviewed-wide-${backend}`);
    await t.getByRole('button', { name: 'Reopen for feedback' }).focus();
    await t.keyboard.press('Enter');
    await t.getByText('Reopened for feedback', { exact: true }).first().waitFor();
    await t
      .getByRole('status')
      .filter({ hasText: /^Reopened for feedback\. Pupils and parents see it as shared on/ })
      .waitFor();
    await t.getByText('Reopened', { exact: true }).waitFor();
    await expect
      .poll(() => t.evaluate(() => document.activeElement?.textContent))
      .toBe('Mark as Reviewed');
    await t.getByRole('button', { name: 'Edit feedback 1' }).click();
    const edit = t.getByLabel('Edit feedback', { exact: true });
    expect(await edit.inputValue()).toBe('A vivid opening: I can picture the lighthouse.');
    await edit.fill('A gripping opening: I can hear the sea.');
    await t.getByRole('button', { name: 'Save', exact: true }).click();
    await t.getByText('Feedback Updated', { exact: true }).first().waitFor();
    await t.getByText('Edited since shared.').waitFor();
    await expectAccessible(t, 'review reopened, 1366 px');
    await screenshot(t, `review-reopened-wide-${backend}`);
    await t.setViewportSize(NARROW);
    await expectAccessible(t, 'review reopened, 390 px');
    await screenshot(t, `review-reopened-narrow-${backend}`);
    await t.setViewportSize({ width: 1366, height: 900 });

    const parentSees = async (words: string, not: string) => {
      await v.reload();
      await v.getByRole('tab', { name: 'Feedback List (2)' }).click();
      await v.getByText(words).first().waitFor();
      expect(await v.getByText(not).count()).toBe(0);
    };
    const pupilSees = async (words: string, not: string) => {
      await p.goto('/student');
      await p.getByRole('tab', { name: 'View Marked Work' }).click();
      await p.getByLabel('Classroom key').fill(phrase);
      await p.getByLabel('First name').fill('Maya');
      await p.getByLabel('First two letters of your surname').fill('pa');
      await p.getByRole('button', { name: 'View my work' }).click();
      await p.getByRole('heading', { name: 'The Lighthouse at Gull Point' }).waitFor();
      await p.getByText('Reviewed', { exact: true }).first().waitFor();
      await p.getByText(words).waitFor();
      expect(await p.getByText(not).count()).toBe(0);
    };
    const before = 'A vivid opening: I can picture the lighthouse.';
    const after = 'A gripping opening: I can hear the sea.';
    await parentSees(before, after);
    await pupilSees(before, after);
    await screenshot(p, `marked-work-while-reopened-narrow-${backend}`);

    // Shared again: both see the new words.
    await t.getByRole('button', { name: 'Share with Student' }).click();
    const again = t.getByRole('dialog', { name: 'Share Feedback' });
    await again.getByLabel('Send email').uncheck();
    await again.getByRole('button', { name: 'Create Link' }).click();
    await again.getByLabel('Feedback link').waitFor();
    await again.getByRole('button', { name: 'Done' }).click();
    await t
      .getByRole('status')
      .filter({ hasText: /^Shared on .*Changes you make reach pupils and parents/ })
      .waitFor();
    await parentSees(after, before);
    await screenshot(v, `feedback-view-after-reshare-wide-${backend}`);
    await pupilSees(after, before);

    await parent.close();
    await pupil.close();
    await teacher.close();
  }, 240_000);

  // After the whole loop: the teacher's classroom key exists by then.
  it('sends a pupil with an unknown classroom key back to the portal, and offers Try again when the key cannot be checked', async () => {
    const pupil = await openPage(browser, server.baseURL, NARROW);
    const p = pupil.page;
    await p.goto('/student/submit/00000000-0000-4000-8000-000000000000');
    await p.getByText('Please return to the portal and enter a valid key.').waitFor();
    await expect.poll(() => new URL(p.url()).pathname).toBe('/student');
    await p.getByLabel('Classroom key').waitFor();
    await screenshot(p, `pupil-unknown-key-narrow-${backend}`);

    // No answer at all (a dropped connection) is not "invalid": the pupil may try again.
    const [key] = await server.ctx.db.select().from(classroomKeys).limit(1);
    const keyId = key!.id;
    let cut = true;
    await p.route('**/api/classroom-keys/*', (route) => (cut ? route.abort() : route.fallback()));
    await p.goto(`/student/submit/${keyId}`);
    await p.getByText("We couldn't check your classroom key.", { exact: false }).waitFor();
    cut = false;
    await p.getByRole('button', { name: 'Try again' }).click();
    await p.getByText(/Handing in to Grace Hopper's classroom/).waitFor();
    expect(new URL(p.url()).pathname).toBe(`/student/submit/${keyId}`);
    await pupil.close();
  }, 60_000);
});
