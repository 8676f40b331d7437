import { randomBytes } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_FACE, testFacePhoto } from '../server/ai/avatar-video/test/media-test-kit';
import { avatarProfiles, teachers } from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { storeFile } from '../server/records/uploads';
import { testBackends } from '../server/test/harness';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, openPage, screenshot } from './support/browser';
import { playVideoToTheEnd } from './support/media';

const TEACHER = { email: 'sarah.jones@school.example', password: 'reports-are-fun-2026' };

describe.each(testBackends())('avatar video in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;

  beforeAll(async () => {
    server = await startAppServer(backend);
    const [teacher] = await server.ctx.db
      .insert(teachers)
      .values({
        email: TEACHER.email,
        passwordHash: await hashPassword(TEACHER.password),
        firstName: 'Sarah',
        lastName: 'Jones',
        emailVerifiedAt: new Date(),
      })
      .returning();
    // A ready avatar, as the profiles module leaves it once the face is found.
    const photo = await storeFile(server.ctx, {
      teacherId: teacher!.id,
      bytes: await testFacePhoto(),
      originalName: 'me.jpg',
      contentType: 'image/jpeg',
      extension: 'jpg',
      uploadedBy: 'teacher',
    });
    await server.ctx.db.insert(avatarProfiles).values({
      teacherId: teacher!.id,
      name: 'Me',
      imageFileId: photo.id,
      avatarId: randomBytes(8).toString('hex'),
      status: 'ready',
      face: TEST_FACE,
      consentAt: new Date(),
    });
    browser = await launchBrowser();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function playToTheEnd(page: import('playwright-core').Page, expectCues: boolean) {
    const result = await playVideoToTheEnd(page.locator('video'), 60_000);
    expect(result.duration).toBeGreaterThan(1);
    expect(result.currentTime).toBeCloseTo(result.duration, 1);
    expect(result.trackReady).toBe(2);
    // A recording without dictation has no transcript, so no cues: the track still loads.
    if (expectCues) expect(result.cues).toBeGreaterThan(0);
    else expect(result.cues).toBe(0);
    return result;
  }

  it('renders typed text in the synthesized voice, plays it to the end with captions', async () => {
    const { page, close } = await openPage(browser, server.baseURL);
    await page.context().grantPermissions(['microphone']);
    await page.goto('/login');
    await page.getByLabel('Email').fill(TEACHER.email);
    await page.getByLabel('Password').fill(TEACHER.password);
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => page.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);
    await page.goto('/teacher/profile');

    const card = page
      .locator('section, div')
      .filter({
        has: page.getByRole('heading', { name: 'Try your avatar video' }),
      })
      .last();
    await page.getByLabel('Synthesized voice (type the text)').check();
    await page
      .getByLabel('What should the video say?')
      .fill('Tom has had a wonderful term. His reading and his confidence have grown.');
    await page.getByRole('button', { name: 'Make video' }).click();
    await page
      .getByRole('progressbar', { name: 'Video rendering progress' })
      .or(page.locator('video'))
      .first()
      .waitFor();
    await playToTheEnd(page, true);
    await page
      .getByText(
        /AI-generated video, made by the built-in offline renderer with a synthesized voice/,
      )
      .waitFor();
    await expectAccessible(page, 'profile page with the avatar video');

    // A frame mid-sentence, captions showing, for a person to look at.
    await page.locator('video').evaluate(async (element: HTMLVideoElement) => {
      element.currentTime = element.duration * 0.4;
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `avatar-video-mid-sentence-${backend}`);

    // The fake microphone: record two seconds of its tone and render it too.
    await page.getByLabel('My recording').check();
    await page.getByRole('button', { name: 'Record a message' }).click();
    await page.waitForTimeout(2500);
    await page.getByRole('button', { name: /^Stop/ }).click();
    await page.getByText(/^Recorded \d+ s$/).waitFor();
    await page.getByRole('button', { name: 'Make video' }).click();
    await page.getByText(/with your recorded voice/).waitFor({ timeout: 60_000 });
    await playToTheEnd(page, false);
    await close();
  }, 180_000);
});
