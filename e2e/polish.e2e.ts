import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classroomKeyOf, handIn, signedInTeacher } from '../server/test/fixtures';
import { sessionCookie, testBackends } from '../server/test/harness';
import { ADMIN, startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';

const LAPTOP = { width: 1366, height: 900 };
const NOTE = 'Read the last paragraph aloud to a friend.';

/** A real four-second Opus clip, as the browser's recorder would send it. */
function recordClip(seconds: number): Buffer {
  const result = spawnSync(ffmpeg.path, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=440:duration=${seconds}`,
    '-c:a',
    'libopus',
    '-f',
    'webm',
    'pipe:1',
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

/** The box of an element in the viewport, or null when it is not laid out. */
const boxOf = (locator: Locator) => locator.boundingBox();

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Every tab of every tab row on the page lies wholly inside the window and is what a tap at its
 * centre reaches (not clipped by its row, not hidden behind anything).
 */
async function expectEveryTabVisible(page: Page, where: string) {
  const lists = page.getByRole('tablist');
  const listCount = await lists.count();
  expect(listCount, `tab rows on ${where}`).toBeGreaterThan(0);
  const width = page.viewportSize()!.width;
  for (let l = 0; l < listCount; l++) {
    const tabs = lists.nth(l).getByRole('tab');
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      const tab = tabs.nth(i);
      await tab.scrollIntoViewIfNeeded();
      const box = await boxOf(tab);
      const name = (await tab.textContent())?.trim();
      expect(box, `${where}: tab "${name}" is laid out`).not.toBeNull();
      expect(box!.x, `${where}: tab "${name}" starts inside the window`).toBeGreaterThanOrEqual(0);
      expect(
        box!.x + box!.width,
        `${where}: tab "${name}" ends inside the window`,
      ).toBeLessThanOrEqual(width);
      const reached = await tab.evaluate((element) => {
        const rect = element.getBoundingClientRect();
        // No ancestor that clips (a scrolled row) cuts any of it off…
        for (let box = element.parentElement; box; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
          const outer = box.getBoundingClientRect();
          if (rect.left < outer.left - 0.5 || rect.right > outer.right + 0.5) return false;
        }
        // …and nothing lies over it. A disabled tab takes no taps (pointer-events: none), so
        // the hit test only applies to the others.
        if ((element as HTMLButtonElement).disabled) return true;
        const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
        return hit !== null && element.contains(hit);
      });
      expect(reached, `${where}: tab "${name}" is not clipped or covered`).toBe(true);
    }
  }
}

/** A session of its own for each page: one test logs out, which ends its session. */
async function signIn(
  server: Awaited<ReturnType<typeof startAppServer>>,
  context: BrowserContext,
  email: string,
) {
  const login = await server.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'teaching-is-fun' },
  });
  const [name, value] = sessionCookie(login, 'cv_session').split('=') as [string, string];
  await context.addCookies([{ name, value, url: server.baseURL }]);
}

describe.each(testBackends())(
  'phone navigation, dialogs and audio items in Chromium on %s',
  (backend) => {
    let server: Awaited<ReturnType<typeof startAppServer>>;
    let browser: Browser;
    let cookie: string;
    let teacherName: string;
    let email: string;
    let documentId: number;
    let feedbackKey: string;
    let keyId: string;

    beforeAll(async () => {
      server = await startAppServer(backend);
      const signed = await signedInTeacher(server, 'Katherine');
      cookie = signed.cookie;
      teacherName = `${signed.teacher.firstName} ${signed.teacher.lastName}`;
      email = signed.teacher.email;
      const key = await classroomKeyOf(server, cookie);
      keyId = key.keyId;
      const submitted = await handIn(server, key.keyId, {
        firstName: 'Maya',
        surnameInitials: 'pa',
        title: 'The Lighthouse at Gull Point',
      });
      documentId = submitted.json().id;
      await server.ctx.jobs.drain();

      const as = (method: 'POST' | 'PUT', url: string, payload: object) =>
        server.app.inject({ method, url, payload, headers: { cookie } });
      const text = await as('POST', `/api/documents/${documentId}/feedback`, {
        type: 'text',
        content: 'A vivid opening.',
        pageNumber: 1,
      });
      expect(text.statusCode).toBe(200);
      // A recording with a written note and no transcript (dictation was off).
      const processed = await as('POST', '/api/audio/process', {
        audioData: `data:audio/webm;codecs=opus;base64,${recordClip(4).toString('base64')}`,
      });
      expect(processed.statusCode).toBe(200);
      const audio = await as('POST', `/api/documents/${documentId}/feedback`, {
        type: 'audio',
        content: NOTE,
        pageNumber: 1,
        audioUrl: processed.json().audioUrl,
        audioDuration: processed.json().duration,
      });
      expect(audio.statusCode).toBe(200);
      const shared = await as('POST', `/api/documents/${documentId}/share-feedback`, {
        studentName: 'Maya Patel',
        expiryDays: 7,
        sendEmail: false,
      });
      expect(shared.statusCode).toBe(200);
      feedbackKey = new URL(shared.json().shareableLink).pathname.split('/').pop()!;
      browser = await launchBrowser();
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('on a 390 px phone a teacher reaches Settings and the profile from "More", and logs out', async () => {
      const phone = await openPage(browser, server.baseURL, NARROW);
      const p = phone.page;
      await signIn(server, phone.context, email);
      await p.goto('/teacher');
      const sections = p.getByRole('navigation', { name: 'Sections' });
      await sections.getByRole('button', { name: 'More' }).click();
      const menu = p.getByRole('menu');
      await menu.getByText(teacherName).waitFor();
      await screenshot(p, `phone-more-menu-${backend}`);
      await expectAccessible(p, 'phone More menu');
      await menu.getByRole('menuitem', { name: 'Settings' }).click();
      await expect.poll(() => new URL(p.url()).pathname).toBe('/teacher/settings');
      await p.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

      await sections.getByRole('button', { name: 'More' }).click();
      await p.getByRole('menuitem', { name: 'Log Out' }).click();
      await expect.poll(() => new URL(p.url()).pathname, { timeout: 8_000 }).toBe('/login');
      const user = await p.request.get('/api/auth/user');
      expect(user.status()).toBe(401);
      await phone.close();
    });

    it('shows every tab of every tab row at 390 px', async () => {
      const phone = await openPage(browser, server.baseURL, NARROW);
      const p = phone.page;
      await signIn(server, phone.context, email);
      for (const path of ['/teacher/settings', '/teacher/documents', '/teacher/profile']) {
        await p.goto(path);
        await p.getByRole('tablist').first().waitFor();
        await expectEveryTabVisible(p, path);
        await screenshot(p, `tabs${path.replaceAll('/', '-')}-narrow-${backend}`);
      }
      await expectAccessible(p, 'voice and avatar at 390 px');

      await p.goto('/teacher/parent-reports');
      await p.getByRole('button', { name: 'Start Creating Report' }).click();
      const dialog = p.getByRole('dialog', { name: 'Create Parent Report' });
      await dialog.getByRole('tablist').waitFor();
      await expectEveryTabVisible(p, 'create report dialog');
      await p.keyboard.press('Escape');

      const admin = await openPage(browser, server.baseURL, NARROW);
      await admin.page.goto('/admin-login');
      await admin.page.getByLabel('Username').fill(ADMIN.username);
      await admin.page.getByLabel('Password').fill(ADMIN.password);
      await admin.page.getByRole('button', { name: /log in/i }).click();
      await admin.page.waitForURL(/\/admin/);
      await admin.page.goto('/admin-portal');
      await admin.page.getByRole('tablist', { name: 'Administration areas' }).waitFor();
      await expectEveryTabVisible(admin.page, 'admin portal');
      await screenshot(admin.page, `tabs-admin-portal-narrow-${backend}`);
      await admin.close();
      await phone.close();
    });

    it('keeps toasts off the review footer, returns focus to Share, and confirms Revoke and Mark as Reviewed', async () => {
      const teacher = await openPage(browser, server.baseURL, LAPTOP);
      const t = teacher.page;
      await t.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await signIn(server, teacher.context, email);
      await t.goto(`/teacher/document/${documentId}`);
      await t.getByRole('document', { name: /Page 1 of/ }).waitFor({ timeout: 20_000 });

      // Closing the Share dialog, by Escape or by its Close button, hands focus back to Share.
      const share = t.getByRole('main').getByRole('button', { name: 'Share', exact: true });
      await share.click();
      await t.getByRole('dialog', { name: 'Share Feedback' }).waitFor();
      await t.keyboard.press('Escape');
      await t.getByRole('dialog', { name: 'Share Feedback' }).waitFor({ state: 'detached' });
      expect(await share.evaluate((element) => element === document.activeElement)).toBe(true);
      await share.click();
      await t
        .getByRole('dialog', { name: 'Share Feedback' })
        .getByRole('button', { name: 'Close' })
        .click();
      await t.getByRole('dialog', { name: 'Share Feedback' }).waitFor({ state: 'detached' });
      expect(await share.evaluate((element) => element === document.activeElement)).toBe(true);

      // A toast never lies over the footer's actions, on a laptop or on a phone.
      const footerActions = [
        t.getByRole('button', { name: 'Share with Student' }),
        t.getByRole('button', { name: 'Mark as Reviewed' }),
      ];
      for (const viewport of [LAPTOP, NARROW]) {
        await t.setViewportSize(viewport);
        await footerActions[0]!.scrollIntoViewIfNeeded();
        await t.getByRole('button', { name: 'Save Draft' }).click();
        const toast = t.getByRole('status').filter({ hasText: 'Draft Saved' }).first();
        await toast.waitFor();
        const toastBox = await boxOf(t.locator('.toast-root').first());
        expect(toastBox).not.toBeNull();
        for (const action of footerActions) {
          const actionBox = await boxOf(action);
          expect(actionBox).not.toBeNull();
          expect(overlaps(toastBox!, actionBox!), `toast over ${await action.textContent()}`).toBe(
            false,
          );
        }
        await screenshot(t, `review-toast-${viewport.width}-${backend}`);
        await t.locator('.toast-root').first().getByRole('button', { name: 'Close' }).click();
      }
      await t.setViewportSize(LAPTOP);

      // Revoke asks first, and Cancel leaves the link working.
      const links = t
        .getByRole('heading', { name: 'Shared links' })
        .locator('xpath=ancestor::*[3]');
      await links.getByRole('button', { name: 'Revoke link for Maya Patel' }).click();
      const revoke = t.getByRole('alertdialog', { name: 'Revoke this link?' });
      await revoke.getByText(/stops working at once/).waitFor();
      await expectAccessible(t, 'revoke confirmation');
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      await revoke.waitFor({ state: 'detached' });
      expect((await t.request.get(`/api/feedback-view/${feedbackKey}`)).status()).toBe(200);
      await links.getByText('Active', { exact: true }).waitFor();

      // Mark as Reviewed asks first; Cancel changes nothing, confirming makes it read-only
      // (until the teacher reopens it).
      await t.getByRole('button', { name: 'Mark as Reviewed' }).click();
      const confirm = t.getByRole('alertdialog', { name: 'Mark this document as reviewed?' });
      await confirm.getByText(/You can reopen it later to add or change feedback/).waitFor();
      await expectAccessible(t, 'mark as reviewed confirmation');
      await screenshot(t, `review-confirm-wide-${backend}`);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await t.getByRole('button', { name: 'Edit feedback 1' }).count()).toBe(1);
      await t.getByRole('button', { name: 'Mark as Reviewed' }).click();
      await confirm.getByRole('button', { name: 'Mark as Reviewed' }).click();
      await t.getByText('Document Marked as Reviewed', { exact: true }).first().waitFor();
      await t.getByRole('button', { name: 'Edit feedback 1' }).waitFor({ state: 'detached' });
      await expectAccessible(t, 'reviewed document');
      await teacher.close();
    }, 120_000);

    it("labels an audio item's note as the teacher's, and its player seeks by keyboard in 0.1 s steps", async () => {
      for (const viewport of [LAPTOP, NARROW]) {
        const parent = await openPage(browser, server.baseURL, viewport);
        const v = parent.page;
        await v.goto(`/feedback-view/${feedbackKey}`);
        await v.getByRole('tab', { name: /Feedback List/ }).click();
        const panel = v.getByRole('tabpanel');
        await panel.getByText("Teacher's note", { exact: true }).waitFor();
        await panel.getByText(NOTE).waitFor();
        // No transcript was made, so none is claimed.
        expect(await panel.getByText('Transcript', { exact: true }).count()).toBe(0);

        const slider = panel.getByRole('slider', { name: /^Seek audio feedback/ });
        await slider.focus();
        const currentTime = () =>
          v.evaluate(
            () =>
              document.querySelector<HTMLAudioElement>('audio[data-feedback-player]')
                ?.currentTime ?? -1,
          );
        for (const expected of [0.1, 0.2, 0.3]) {
          await v.keyboard.press('ArrowRight');
          await expect.poll(currentTime).toBeCloseTo(expected, 5);
        }
        await v.keyboard.press('ArrowLeft');
        await expect.poll(currentTime).toBeCloseTo(0.2, 5);
        expect(await slider.getAttribute('aria-valuetext')).toMatch(/^0\.2 of 4\.\d seconds$/);
        // Play carries on from the chosen place.
        await panel.getByRole('button', { name: /^Play audio feedback/ }).click();
        await panel.getByRole('button', { name: /^Pause audio feedback/ }).waitFor();
        await expect.poll(currentTime).toBeGreaterThan(0.2);
        await panel.getByRole('button', { name: /^Pause audio feedback/ }).click();
        await expectAccessible(v, `shared feedback at ${viewport.width}`);
        await screenshot(v, `feedback-view-note-${viewport.width}-${backend}`);
        await parent.close();
      }

      // The pupil's own list says the same.
      const pupil = await openPage(browser, server.baseURL, NARROW);
      const p = pupil.page;
      await p.goto(`/student/feedback/${keyId}?firstName=Maya&surnameInitials=pa`);
      await p.getByRole('heading', { name: 'The Lighthouse at Gull Point' }).waitFor();
      await p.getByText("Teacher's note", { exact: true }).waitFor();
      await p.getByText(NOTE).waitFor();
      expect(await p.getByText('Transcript', { exact: true }).count()).toBe(0);
      await p.getByRole('slider', { name: /^Seek audio feedback/ }).waitFor();
      await expectAccessible(p, 'marked work with a note');
      await screenshot(p, `marked-work-note-narrow-${backend}`);
      await pupil.close();
    }, 120_000);

    it('searches documents from any header, opens /document/{id}, and shows /auth-debug to its owner only', async () => {
      const teacher = await openPage(browser, server.baseURL, LAPTOP);
      const t = teacher.page;
      await t.goto(`/document/${documentId}`);
      // Signed out, the short address leads to sign-in.
      await expect.poll(() => new URL(t.url()).pathname, { timeout: 8_000 }).toBe('/login');
      await t.goto('/auth-debug');
      await t.getByText("The page you're looking for doesn't exist.").waitFor();

      await signIn(server, teacher.context, email);
      await t.goto(`/document/${documentId}`);
      await expect.poll(() => new URL(t.url()).pathname).toBe(`/teacher/document/${documentId}`);
      await t.getByRole('heading', { name: 'The Lighthouse at Gull Point', level: 1 }).waitFor();

      // The header's search box on another page (Voice & Avatar) finds documents.
      await t.goto('/teacher/profile');
      const search = t.getByRole('searchbox', { name: 'Search documents' });
      await search.fill('lighthouse');
      await search.press('Enter');
      await expect.poll(() => new URL(t.url()).pathname).toBe('/teacher/documents');
      expect(await t.getByRole('searchbox').inputValue()).toBe('lighthouse');
      await t.getByRole('link', { name: 'View The Lighthouse at Gull Point' }).waitFor();
      await t.getByRole('searchbox').fill('no such essay');
      await t.getByText('No documents found', { exact: true }).waitFor();
      await t.getByText('Try adjusting your search or filters', { exact: true }).waitFor();

      for (const viewport of [LAPTOP, NARROW]) {
        await t.setViewportSize(viewport);
        await t.goto('/auth-debug');
        await t.getByRole('heading', { name: 'Session state' }).waitFor();
        await t.getByText(email, { exact: true }).waitFor();
        await t.getByText('cv_session', { exact: true }).waitFor();
        await expectAccessible(t, `auth debug at ${viewport.width}`);
        await screenshot(t, `auth-debug-${viewport.width}-${backend}`);
      }
      await teacher.close();
    }, 120_000);
  },
);
