import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silence, speak, spliceBefore } from '../server/ai/alignment/alignment.test-support';
import { probe, TEST_FACE, testFacePhoto } from '../server/ai/avatar-video/test/media-test-kit';
import { encodeWav } from '../server/ai/voice-analysis';
import {
  avatarProfiles,
  files,
  parentReports,
  students,
  teachers,
  videoRenders,
  voiceProfiles,
} from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { storeFile } from '../server/records/uploads';
import { testBackends } from '../server/test/harness';
import { firstLink } from '../server/test/smtp-capture';
import { startAppServer } from './support/app-server';
import { expectAccessible, launchBrowser, NARROW, openPage, screenshot } from './support/browser';
import { playVideoToTheEnd } from './support/media';

const TEACHER = { email: 'rosa.franklin@school.example', password: 'recordings-are-kept-2026' };
const MAYA_PARENT = 'priya.patel@family.example';
const OLIVER_PARENT = 'sam.jones@family.example';
const LAPTOP = { width: 1366, height: 900 };
/**
 * What the teacher says into the (fake) microphone: two hesitations, a repeated word and a
 * long pause, which the video's sound leaves out.
 */
const SAID = 'Um, Maya has read every night this term. Um, she she loves her new books.';

/*
 * A report saved before its video keeps its recording and gets its video from View; a
 * typed report gets one in the synthesized voice; a report without a video is sent as
 * the written report it is.
 */
describe.each(testBackends())('a report’s recording and video in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;
  let work: string;
  let saidSeconds: number;

  beforeAll(async () => {
    server = await startAppServer(backend);
    const [teacher] = await server.ctx.db
      .insert(teachers)
      .values({
        email: TEACHER.email,
        passwordHash: await hashPassword(TEACHER.password),
        firstName: 'Rosa',
        lastName: 'Franklin',
        emailVerifiedAt: new Date(),
      })
      .returning();
    const teacherId = teacher!.id;
    await server.ctx.db.insert(students).values([
      {
        teacherId,
        name: 'Maya',
        surname: 'Patel',
        yearGroup: 'Year 6',
        parentName: 'Priya Patel',
        parentEmail: MAYA_PARENT,
      },
      { teacherId, name: 'Oliver', surname: 'Jones', yearGroup: 'Year 5' },
    ]);
    // A ready avatar and a voice profile, as Voice & Avatar leaves them.
    const photo = await storeFile(server.ctx, {
      teacherId,
      bytes: await testFacePhoto(),
      originalName: 'me.jpg',
      contentType: 'image/jpeg',
      extension: 'jpg',
      uploadedBy: 'teacher',
    });
    await server.ctx.db.insert(avatarProfiles).values({
      teacherId,
      name: 'Me',
      imageFileId: photo.id,
      avatarId: randomBytes(8).toString('hex'),
      status: 'ready',
      face: TEST_FACE,
      consentAt: new Date(),
    });
    await server.ctx.db.insert(voiceProfiles).values({
      teacherId,
      name: 'My voice',
      description: '',
      voiceId: `voice_${randomBytes(8).toString('hex')}`,
      settings: { medianPitchHz: 205, wordsPerMinute: 155, variant: 'f3', voicedSeconds: 8 },
      consentAt: new Date(),
    });
    work = await mkdtemp(join(tmpdir(), 'report-e2e-'));
    // The microphone says SAID (eSpeak NG, made here), after half a second of quiet while
    // the recorder starts, with a 1.2 s pause before "this term".
    const spoken = await speak(SAID, 'en-us+f2', 165);
    const paused = spliceBefore(spoken, SAID.indexOf('this'), silence(spoken, 1200));
    const lead = silence(spoken, 500);
    const clip = new Float32Array(lead.length + paused.samples.length);
    clip.set(paused.samples, lead.length);
    saidSeconds = clip.length / spoken.sampleRate;
    await writeFile(join(work, 'said.wav'), encodeWav(clip, spoken.sampleRate));
    browser = await launchBrowser({ microphone: join(work, 'said.wav') });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  /** One signed-in teacher's page for the whole file (one login, as a teacher would). */
  let teacherPage: Page | null = null;
  async function signIn() {
    if (!teacherPage) {
      const { page } = await openPage(browser, server.baseURL, LAPTOP);
      await page.context().grantPermissions(['microphone']);
      await page.goto('/login');
      await page.getByLabel('Email').fill(TEACHER.email);
      await page.getByLabel('Password').fill(TEACHER.password);
      await page.getByRole('button', { name: 'Log In' }).click();
      await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/teacher$/);
      teacherPage = page;
    }
    await teacherPage.setViewportSize(LAPTOP);
    await teacherPage.goto('/teacher/parent-reports');
    return teacherPage;
  }

  /** The MP4 the report shows now, as stored, measured by ffprobe. */
  async function probeReportVideo(subjects: string, name: string) {
    const [row] = await server.ctx.db
      .select({ storageKey: files.storageKey, voice: videoRenders.voiceSource })
      .from(parentReports)
      .innerJoin(videoRenders, eq(videoRenders.id, parentReports.videoRenderId))
      .innerJoin(files, eq(files.id, videoRenders.videoFileId))
      .where(eq(parentReports.subjects, subjects));
    const path = join(work, `${name}.mp4`);
    await writeFile(path, await server.ctx.files.read(row!.storageKey));
    const info = await probe(path);
    const seconds = Number(info.format.duration);
    const kinds = info.streams.map((stream) => stream.codec_type).sort();
    console.info(`${name}: ${kinds.join('+')} ${seconds.toFixed(2)} s (${row!.voice})`);
    return { kinds, seconds, voice: row!.voice };
  }

  /** What the report's video left out of its recording, as the render stored it. */
  async function reportCleaning(subjects: string) {
    const [row] = await server.ctx.db
      .select({ cleaning: videoRenders.voiceCleaning })
      .from(parentReports)
      .innerJoin(videoRenders, eq(videoRenders.id, parentReports.videoRenderId))
      .where(eq(parentReports.subjects, subjects));
    return row?.cleaning ?? null;
  }

  async function playsToTheEnd(where: Locator) {
    const played = await playVideoToTheEnd(where.locator('video'), 120_000);
    expect(played.duration).toBeGreaterThan(1);
    expect(played.currentTime).toBeCloseTo(played.duration, 1);
    return played;
  }

  it('keeps a recording saved before its video, shows it in Step 1, and makes the video from View', async () => {
    const t = await signIn();
    await t.getByRole('button', { name: 'Start Creating Report' }).click();
    const dialog = t.getByRole('dialog', { name: 'Create Parent Report' });
    await dialog.getByLabel('Student').selectOption({ label: 'Maya Patel (Year 6)' });
    await dialog.getByLabel('Subjects').fill('Reading before video');

    await dialog.getByRole('button', { name: 'Start Recording' }).click();
    await dialog.getByRole('timer', { name: 'Recording time' }).waitFor();
    await t.waitForTimeout(saidSeconds * 1000 + 700);
    await dialog.getByRole('button', { name: 'Stop Recording' }).click();
    await dialog.getByRole('button', { name: 'Save Recording' }).click();
    await dialog.getByText('Step 2 of 2: Review the transcript').waitFor({ timeout: 15_000 });
    await dialog.getByLabel('What you said').fill(SAID);
    await dialog.getByRole('button', { name: 'Enhance', exact: true }).click();
    const enhanced = dialog.getByLabel('Enhanced transcript');
    await expect.poll(() => enhanced.inputValue(), { timeout: 10_000 }).not.toBe('');

    // Saved before any video was asked for: the draft keeps the recording.
    await dialog.getByRole('button', { name: 'Save Report' }).click();
    await t.getByText('Your report was created as a draft.').first().waitFor();
    await dialog.getByText('Recording saved.').waitFor();
    // The tabs are switched; Step 1 still shows the recording it uses.
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await dialog.getByRole('button', { name: 'Generate Again' }).waitFor();
    await dialog.getByRole('tab', { name: 'Record Audio' }).click();
    await dialog.getByRole('button', { name: 'Play your recording' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Start Recording' }).count()).toBe(0);
    await expectAccessible(t, 'create report dialog, recording kept, 1366');
    await screenshot(t, `report-kept-recording-wide-${backend}`);
    await t.setViewportSize(NARROW);
    await expectAccessible(t, 'create report dialog, recording kept, 390');
    await screenshot(t, `report-kept-recording-narrow-${backend}`);
    await t.setViewportSize(LAPTOP);
    await dialog.getByRole('button', { name: 'Done' }).click();

    // View: the video made after the save plays to the end, with the recording beside it.
    const list = t.getByRole('region', { name: 'Recent reports' });
    await list.getByRole('button', { name: 'View report for Maya Patel' }).click();
    const view = t.getByRole('dialog', { name: 'Report for Maya Patel' });
    await view.getByRole('button', { name: 'Play your recording' }).waitFor();
    await playsToTheEnd(view);
    const first = await probeReportVideo('Reading before video', `saved-first-${backend}`);
    expect(first).toMatchObject({ kinds: ['audio', 'video'], voice: 'recording' });
    expect(first.seconds).toBeGreaterThan(2);
    // The video's sound is the recording without the ums, the first "she" and most of the
    // long pause; View says so, with both lengths.
    const cleaning = await reportCleaning('Reading before video');
    console.info(`cleaned recording in the browser journey: ${JSON.stringify(cleaning)}`);
    expect(cleaning).toMatchObject({ aligned: true, removedWords: ['Um', 'Um', 'she'] });
    expect(cleaning!.originalDurationMs - cleaning!.cleanedDurationMs).toBeGreaterThan(1200);
    expect(Math.abs(first.seconds * 1000 - cleaning!.cleanedDurationMs)).toBeLessThan(60);
    await view
      .getByText(/^Removed 3 words and \d\.\d s of pauses: \d+\.\d s → \d+\.\d s\.$/)
      .waitFor();
    await view.getByText('Cut: “Um”, “Um”, “she”.').waitFor();
    await expectAccessible(t, 'view report with its video, 1366');
    await screenshot(t, `report-view-video-wide-${backend}`);

    // Made again from View: progress, then the new video.
    await view.getByRole('button', { name: 'Make Video Again' }).click();
    await view.getByRole('progressbar').first().waitFor();
    await screenshot(t, `report-view-remaking-wide-${backend}`);
    await playsToTheEnd(view);
    await t.setViewportSize(NARROW);
    await expectAccessible(t, 'view report with its video, 390');
    await screenshot(t, `report-view-video-narrow-${backend}`);

    // Edit: the text changed on screen is what the video made again from Preview captions.
    await t.setViewportSize(LAPTOP);
    await t.keyboard.press('Escape');
    await view.waitFor({ state: 'hidden' });
    await list.getByRole('button', { name: 'Edit report for Maya Patel' }).click();
    const edit = t.getByRole('dialog', { name: 'Edit Parent Report' });
    await edit.getByRole('button', { name: 'Play your recording' }).waitFor();
    await edit.getByLabel('Enhanced transcript').fill('Maya reads to her brother every night.');
    await edit.getByRole('tab', { name: 'Preview' }).click();
    await edit.getByRole('button', { name: 'Generate Again' }).click();
    // The video made before goes at once; the new one comes when rendered.
    await edit.locator('video').waitFor({ state: 'detached' });
    await playsToTheEnd(edit);
    // The preview of the cleaned voice says what was cut and keeps the original to hear.
    await edit.getByText(/^Removed 3 words and .* s of pauses: .* → .*\.$/).waitFor();
    await edit
      .getByRole('region', { name: 'Your original recording' })
      .getByRole('button', { name: 'Play your recording' })
      .click();
    await edit.getByRole('button', { name: 'Pause your recording' }).waitFor();
    await edit.getByRole('button', { name: 'Pause your recording' }).click();
    await expectAccessible(t, 'preview of a cleaned-voice video, 1366');
    await screenshot(t, `report-cleaned-voice-preview-wide-${backend}`);
    await t.setViewportSize(NARROW);
    await expectAccessible(t, 'preview of a cleaned-voice video, 390');
    await screenshot(t, `report-cleaned-voice-preview-narrow-${backend}`);
    await t.setViewportSize(LAPTOP);
    const [remade] = await server.ctx.db
      .select({ words: videoRenders.enhancedTranscript, captions: videoRenders.captions })
      .from(parentReports)
      .innerJoin(videoRenders, eq(videoRenders.id, parentReports.videoRenderId))
      .where(eq(parentReports.subjects, 'Reading before video'));
    expect(remade?.words).toBe('Maya reads to her brother every night.');
    expect(remade?.captions).toContain('brother');

    // Saved with other words afterwards: View says the video's captions show the earlier ones.
    await edit.getByRole('tab', { name: 'Record Audio' }).click();
    await edit.getByLabel('Enhanced transcript').fill('Maya reads to her whole family.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await t.getByText('Your draft has been saved.').first().waitFor();
    await edit.getByRole('button', { name: 'Done' }).click();
    await list.getByRole('button', { name: 'View report for Maya Patel' }).click();
    await view
      .getByText("You changed the report's text after this video was made", { exact: false })
      .waitFor();
    await expectAccessible(t, 'view report whose text changed after its video, 1366');
    await screenshot(t, `report-view-text-changed-wide-${backend}`);
  }, 240_000);

  it('makes a typed report’s video in the synthesized voice from View', async () => {
    const t = await signIn();
    await t.getByRole('button', { name: 'Start Creating Report' }).click();
    const dialog = t.getByRole('dialog', { name: 'Create Parent Report' });
    await dialog.getByLabel('Student').selectOption({ label: 'Oliver Jones (Year 5)' });
    await dialog.getByLabel('Subjects').fill('Typed science');
    await dialog.getByRole('button', { name: 'Type the report instead' }).click();
    await dialog.getByLabel('What you said').fill('Oliver built a fine volcano in science.');
    await dialog.getByRole('button', { name: 'Enhance', exact: true }).click();
    await expect
      .poll(() => dialog.getByLabel('Enhanced transcript').inputValue(), { timeout: 10_000 })
      .not.toBe('');
    await dialog.getByRole('tab', { name: 'Preview' }).click();
    await dialog.getByText('This report was typed', { exact: false }).waitFor();
    await expectAccessible(t, 'typed report preview, 1366');
    await screenshot(t, `report-typed-preview-wide-${backend}`);
    await dialog.getByRole('button', { name: 'Save Report' }).click();
    await t.getByText('Your report was created as a draft.').first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const list = t.getByRole('region', { name: 'Recent reports' });
    await list.getByRole('button', { name: 'View report for Oliver Jones' }).click();
    const view = t.getByRole('dialog', { name: 'Report for Oliver Jones' });
    await view.getByText('make one in the synthesized voice of your voice profile').waitFor();
    await view.getByRole('button', { name: 'Make Video', exact: true }).click();
    await playsToTheEnd(view);
    await view.getByText('with a synthesized voice', { exact: false }).waitFor();
    const made = await probeReportVideo('Typed science', `typed-${backend}`);
    expect(made).toMatchObject({ kinds: ['audio', 'video'], voice: 'synthesized' });
    expect(made.seconds).toBeGreaterThan(1.5);
    await screenshot(t, `report-typed-video-wide-${backend}`);

    // Sent with its video: the e-mail and the parent's page name the synthesized voice.
    await view.getByRole('button', { name: 'Share with Parent' }).click();
    const share = t.getByRole('dialog', { name: 'Share Report' });
    await share.getByLabel('Recipient email').fill(OLIVER_PARENT);
    expect(await share.getByText('no video yet', { exact: false }).count()).toBe(0);
    await share.getByRole('button', { name: 'Share Report' }).click();
    const link = await share.getByLabel('Report link').inputValue();
    const mail = await server.smtp.waitForMail(OLIVER_PARENT, /A report about Oliver/, 20_000);
    expect(mail.text).toContain('Rosa Franklin has made a video report about Oliver');
    expect(mail.text).toContain('Watch and read it here:');
    expect(mail.text).toContain("a synthesized voice reads Rosa Franklin's words");
    const { page: p } = await openPage(browser, server.baseURL, NARROW);
    await p.goto(new URL(link).pathname);
    await p
      .getByText("This video was made with AI: a synthesized voice reads Rosa Franklin's", {
        exact: false,
      })
      .waitFor();
    await playsToTheEnd(p.locator('article'));
    await expectAccessible(p, 'shared typed report with its video, 390');
    await screenshot(p, `shared-typed-video-390-${backend}`);
  }, 240_000);

  it('warns before sharing a report without a video, and the parent is told it is written', async () => {
    const t = await signIn();
    await t.getByRole('button', { name: 'Start Creating Report' }).click();
    const dialog = t.getByRole('dialog', { name: 'Create Parent Report' });
    await dialog.getByLabel('Student').selectOption({ label: 'Maya Patel (Year 6)' });
    await dialog.getByLabel('Subjects').fill('Written only');
    await dialog.getByRole('button', { name: 'Type the report instead' }).click();
    await dialog.getByLabel('What you said').fill('Maya has been a kind friend to everyone.');
    await dialog.getByRole('button', { name: 'Enhance', exact: true }).click();
    await expect
      .poll(() => dialog.getByLabel('Enhanced transcript').inputValue(), { timeout: 10_000 })
      .not.toBe('');
    await dialog.getByRole('button', { name: 'Save Report' }).click();
    await t.getByText('Your report was created as a draft.').first().waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    const list = t.getByRole('region', { name: 'Recent reports' });
    const row = list.getByRole('listitem').filter({ hasText: 'Written only' });
    await row.getByRole('button', { name: 'View report for Maya Patel' }).click();
    await t.getByRole('dialog', { name: 'Report for Maya Patel' }).waitFor();
    await t.getByRole('button', { name: 'Share with Parent' }).click();
    const share = t.getByRole('dialog', { name: 'Share Report' });
    await share.getByText('This report has no video yet.', { exact: false }).waitFor();
    await expectAccessible(t, 'share a report without a video, 1366');
    await screenshot(t, `report-share-no-video-wide-${backend}`);
    await t.setViewportSize(NARROW);
    await expectAccessible(t, 'share a report without a video, 390');
    await screenshot(t, `report-share-no-video-narrow-${backend}`);
    await share.getByRole('button', { name: 'Share Report' }).click();
    const link = await share.getByLabel('Report link').inputValue();

    const mail = await server.smtp.waitForMail(MAYA_PARENT, /A report about Maya/, 20_000);
    expect(mail.text).toContain('Rosa Franklin has written a report about Maya for you.');
    expect(mail.text).toContain('Read it here:');
    expect(mail.text).not.toMatch(/watch|video|AI/i);
    expect(firstLink(mail.text)).toBe(link);

    for (const viewport of [NARROW, LAPTOP]) {
      const { page: p } = await openPage(browser, server.baseURL, viewport);
      await p.goto(new URL(link).pathname);
      await p.getByRole('heading', { name: 'Report for Maya' }).waitFor();
      await p.getByRole('heading', { name: "Rosa Franklin's report" }).waitFor();
      await p.getByText('kind friend', { exact: false }).waitFor();
      expect(await p.locator('video').count()).toBe(0);
      expect(await p.getByText(/made with AI/).count()).toBe(0);
      await expectAccessible(p, `shared written report, ${viewport.width}`);
      await screenshot(p, `shared-written-report-${viewport.width}-${backend}`);
    }
  }, 240_000);
});
