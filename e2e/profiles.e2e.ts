import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { singleFacePhoto } from '../server/ai/face-detection/photos.test-support';
import { encodeWav, syntheticVoice } from '../server/ai/voice-analysis';
import { teachers } from '../server/db/schema';
import { hashPassword } from '../server/platform/secrets';
import { testBackends } from '../server/test/harness';
import { ADMIN, startAppServer } from './support/app-server';
import { expectAccessible, NARROW, openPage, screenshot } from './support/browser';

const TEACHER = { email: 'grace.voice@school.example', password: 'profiles-are-fun-2026' };

/**
 * Chromium's fake microphone plays a beep by default; here it plays a generated voice-like
 * signal (130 Hz harmonics, 4 syllables a second), so the recorded WAV has speech to measure.
 */
async function launchWithFakeVoice(wavPath: string): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-audio-capture=${wavPath}`,
    ],
  });
}

describe.each(testBackends())('voice and avatar profiles in Chromium on %s', (backend) => {
  let server: Awaited<ReturnType<typeof startAppServer>>;
  let browser: Browser;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cv-e2e-profiles-'));
    const voice = syntheticVoice({
      pitchHz: 130,
      syllablesPerSecond: 4,
      seconds: 10,
      sampleRate: 48_000,
    });
    writeFileSync(join(dir, 'voice.wav'), encodeWav(voice, 48_000));
    writeFileSync(join(dir, 'face.jpg'), await singleFacePhoto());
    server = await startAppServer(backend);
    await server.ctx.db.insert(teachers).values({
      email: TEACHER.email,
      passwordHash: await hashPassword(TEACHER.password),
      firstName: 'Grace',
      lastName: 'Hopper',
      emailVerifiedAt: new Date(),
    });
    browser = await launchWithFakeVoice(join(dir, 'voice.wav'));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('records a voice, prepares an avatar, and the administrator sees and removes them', async () => {
    const teacher = await openPage(browser, server.baseURL, { width: 1366, height: 900 });
    const t = teacher.page;
    await t.context().grantPermissions(['microphone']);
    await t.goto('/login');
    await t.getByLabel('Email').fill(TEACHER.email);
    await t.getByLabel('Password').fill(TEACHER.password);
    await t.getByRole('button', { name: 'Log In' }).click();
    await expect.poll(() => t.url(), { timeout: 8_000 }).toMatch(/\/teacher$/);

    await t.goto('/teacher/profile');
    await t.getByRole('tab', { name: 'Voice Profiles' }).waitFor();
    await t.getByText('No voice profiles yet.').waitFor();
    await expectAccessible(t, 'voice profiles tab');

    // Record: ready → recording → recorded; the finished recording is the sample, saved
    // without another button.
    await t.getByRole('button', { name: 'Start recording' }).click();
    await t.getByText(/Recording… 0:0[4-9]/).waitFor({ timeout: 15_000 });
    await t.getByRole('button', { name: 'Stop recording' }).click();
    await t.getByRole('button', { name: 'Record again' }).waitFor();
    await t.getByText('Voice sample saved').waitFor({ timeout: 15_000 });
    await t.getByText('This recording is your sample.').waitFor();

    // The create form insists on consent before anything is sent.
    await t.getByLabel('Name').fill('Reading voice');
    await t.getByLabel('Description').fill('How I read stories aloud');
    await t.getByRole('button', { name: 'Create voice profile' }).click();
    await t
      .getByText('Please confirm this is your own voice and that you consent to its use')
      .waitFor();
    await t.getByLabel(/This is my own voice/).check();
    await t.getByRole('button', { name: 'Create voice profile' }).click();
    const voiceRow = t.getByRole('listitem').filter({ hasText: 'Reading voice' });
    await voiceRow.waitFor({ timeout: 15_000 });
    await voiceRow.getByText('Built-in voice').waitFor();
    const measured = (await voiceRow.textContent()) ?? '';
    const pitch = Number(/(\d+) Hz/.exec(measured)?.[1]);
    expect(pitch).toBeGreaterThan(120);
    expect(pitch).toBeLessThan(140);
    // The sample's player knows its length before it is played (not 0:00 / 0:00).
    const sampleSeconds = await voiceRow
      .getByLabel('Sample for Reading voice')
      .evaluate(async (audio: HTMLAudioElement) => {
        if (Number.isNaN(audio.duration)) {
          await new Promise((resolve) => audio.addEventListener('loadedmetadata', resolve));
        }
        return audio.duration;
      });
    expect(sampleSeconds).toBeGreaterThan(3);

    // The 130 Hz sample is guessed a male voice; the teacher chooses a female one and hears it.
    const voiceType = voiceRow.getByLabel('Synthesized voice for typed reports');
    expect(await voiceType.inputValue()).toBe('m3');
    const saved = t.waitForResponse((r) => r.url().endsWith('/voice-type') && r.ok());
    await voiceType.selectOption({ label: 'Female voice 2' });
    await saved;
    const heard = t.waitForResponse((r) => r.url().includes('/preview?variant=f2') && r.ok());
    await voiceRow.getByRole('button', { name: /^Hear it/ }).click();
    expect((await heard).headers()['content-type']).toBe('audio/wav');
    await voiceRow.getByRole('button', { name: /^Stop/ }).waitFor({ timeout: 15_000 });
    await t.reload();
    expect(await voiceType.inputValue()).toBe('f2');
    await expectAccessible(t, 'voice profiles tab with a voice');
    await screenshot(t, `profile-voice-wide-${backend}`);

    // Avatar: a real face photo, Processing → Avatar ready.
    await t.getByRole('tab', { name: 'Avatar Profiles' }).click();
    await t.getByText('No avatar profiles yet.').waitFor();
    await expectAccessible(t, 'avatar profiles tab');
    await t.getByLabel('Name').fill('Ms Hopper');
    await t.getByLabel('Photo').setInputFiles(join(dir, 'face.jpg'));
    await t.getByRole('img', { name: 'What you chose: preview' }).waitFor({ timeout: 15_000 });
    await t.getByLabel(/This is my own face/).check();
    await t.getByRole('button', { name: 'Create avatar profile' }).click();
    const avatarRow = t.getByRole('listitem').filter({ hasText: 'Ms Hopper' });
    await avatarRow.getByText('Processing').waitFor({ timeout: 10_000 });
    expect(await avatarRow.getByRole('button', { name: /Delete/ }).isDisabled()).toBe(true);
    await avatarRow.getByText('Avatar ready').waitFor({ timeout: 60_000 });
    expect(await avatarRow.getByRole('button', { name: /Delete/ }).isEnabled()).toBe(true);
    // The form starts afresh: the photo input no longer holds the file just used.
    expect(
      await t.getByLabel('Photo').evaluate((input: HTMLInputElement) => input.files?.length),
    ).toBe(0);
    await expectAccessible(t, 'avatar profiles tab with a ready avatar');
    await screenshot(t, `profile-avatar-wide-${backend}`);

    // The narrow layout.
    const narrow = await openPage(browser, server.baseURL, NARROW);
    await narrow.context.addCookies(await t.context().cookies());
    await narrow.page.goto('/teacher/profile');
    await narrow.page.getByText('Reading voice', { exact: true }).waitFor();
    await expectAccessible(narrow.page, 'voice profiles tab, narrow');
    await screenshot(narrow.page, `profile-voice-narrow-${backend}`);
    await narrow.page.getByRole('tab', { name: 'Avatar Profiles' }).click();
    await narrow.page.getByText('Avatar ready').waitFor();
    await screenshot(narrow.page, `profile-avatar-narrow-${backend}`);
    await narrow.close();

    // The administrator sees both and removes the voice.
    const admin = await openPage(browser, server.baseURL, { width: 1366, height: 900 });
    const a = admin.page;
    await a.goto('/admin-portal');
    await a.getByLabel('Username').fill(ADMIN.username);
    await a.getByLabel('Password').fill(ADMIN.password);
    await a.getByRole('button', { name: 'Log In' }).click();
    await a.getByRole('tab', { name: 'Avatar Profiles' }).click();
    await a.getByText('Ms Hopper').waitFor();
    await a.getByText(TEACHER.email).waitFor();
    await a.getByRole('tab', { name: 'Voice Profiles' }).click();
    const adminVoice = a.getByRole('listitem').filter({ hasText: 'Reading voice' });
    await adminVoice.getByText(TEACHER.email).waitFor();
    await expectAccessible(a, 'admin voice profiles');
    await screenshot(a, `admin-voice-profiles-wide-${backend}`);
    await adminVoice.getByRole('button', { name: /Remove/ }).click();
    await a.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await a.getByText('No voice profiles yet').waitFor();
    await admin.close();

    await t.reload();
    await t.getByText('No voice profiles yet.').waitFor();
    await teacher.close();
  }, 180_000);
});
