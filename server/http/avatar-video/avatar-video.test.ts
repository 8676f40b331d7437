import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silence, speak, spliceBefore } from '../../ai/alignment/alignment.test-support';
import {
  probe,
  speechThenSilence,
  TEST_FACE,
  testFacePhoto,
} from '../../ai/avatar-video/test/media-test-kit';
import { encodeWav } from '../../ai/voice-analysis';
import { avatarProfiles, files, jobs, videoRenders } from '../../db/schema';
import { storeFile } from '../../records/uploads';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

describe.each(testBackends())('avatar videos on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let recording: string;
  let speechSeconds: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const speech = await speechThenSilence('Tom has settled in well and enjoys reading.', 0.5);
    recording = `data:audio/wav;base64,${speech.wav.toString('base64')}`;
    speechSeconds = speech.totalSeconds;
    // The owner has a ready avatar profile (as the profiles module leaves it).
    const photo = await storeFile(t.ctx, {
      teacherId: owner.teacher.id,
      bytes: await testFacePhoto(),
      originalName: 'me.jpg',
      contentType: 'image/jpeg',
      extension: 'jpg',
      uploadedBy: 'teacher',
    });
    await t.ctx.db.insert(avatarProfiles).values({
      teacherId: owner.teacher.id,
      name: 'Me',
      imageFileId: photo.id,
      avatarId: randomBytes(8).toString('hex'),
      status: 'ready',
      face: TEST_FACE,
      consentAt: new Date(),
    });
  }, 60_000);
  afterAll(async () => t?.close());

  const post = (cookie: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/parent-reports/generate-video',
      headers: cookie ? { cookie } : {},
      payload: payload as object,
    });
  const get = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...(cookie ? { cookie } : {}), ...headers } });
  const renderCount = async () => (await t.ctx.db.select().from(videoRenders)).length;

  it('takes a recording as a form upload, and keeps a teacher to three videos in the making', async () => {
    const rosa = await signedInTeacher(t, 'Rosa');
    const form = (fields: Record<string, string>, audio?: Buffer) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(fields)) body.append(name, value);
      if (audio) body.append('audio', new Blob([new Uint8Array(audio)]), 'recording.wav');
      return t.app.inject({
        method: 'POST',
        url: '/api/parent-reports/generate-video',
        headers: { cookie: rosa.cookie },
        payload: body,
      });
    };
    const wav = Buffer.from(recording.split(',')[1]!, 'base64');
    const first = await form({ transcript: 'Tom has settled in', voice: 'recording' }, wav);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ transcript: 'Tom has settled in', status: 'queued' });
    expect((await form({ voice: 'recording' })).json().message).toBe('No recording was received');
    for (const text of ['Second', 'Third']) {
      expect((await form({ voice: 'synthesized', transcript: text })).statusCode).toBe(200);
    }
    const fourth = await form({ voice: 'synthesized', transcript: 'Fourth' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toBe(
      'You already have 3 videos being made. Please wait for one to finish, then try again.',
    );
    const rosas = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.teacherId, rosa.teacher.id));
    expect(rosas).toHaveLength(3);
    // Her renders were queued as hers, so other teachers' renders take turns with them.
    const queued = await t.ctx.db
      .select()
      .from(jobs)
      .where(eq(jobs.fairKey, `teacher:${rosa.teacher.id}`));
    expect(queued).toHaveLength(3);
    await t.ctx.db.delete(jobs).where(eq(jobs.fairKey, `teacher:${rosa.teacher.id}`));
    await t.ctx.db.delete(videoRenders).where(eq(videoRenders.teacherId, rosa.teacher.id));
  });

  it('refuses bad input with a clear message and creates nothing', async () => {
    const before = await renderCount();
    const cases: Array<[unknown, string]> = [
      [{}, 'No recording was received'],
      [{ voice: 'robot', audioData: recording }, "Choose the voice: 'recording' or 'synthesized'"],
      [{ voice: 'synthesized', transcript: '   ' }, 'Type what the video should say'],
      [{ voice: 'synthesized', transcript: 'a'.repeat(2001) }, 'at most 2000 characters'],
      [{ audioData: 'not base64 %%%' }, 'The recording could not be read'],
      [{ audioData: randomBytes(4000).toString('base64') }, ''],
      [{ audioData: recording, transcript: 'x'.repeat(20_001) }, 'The transcript is too long'],
    ];
    for (const [payload, message] of cases) {
      const response = await post(owner.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toContain(message);
    }
    expect((await post(null, { audioData: recording })).statusCode).toBe(401);
    expect(await renderCount()).toBe(before);
  });

  it('answers at once, renders in the background with progress, then serves the MP4 and captions', async () => {
    const hostile = 'Tom <b>settled</b> in & "loves" reading \u202Eشكرا\u202C %{pts}';
    const response = await post(owner.cookie, {
      audioData: recording,
      transcript: 'tom has settled in well',
      enhancedTranscript: hostile,
      teacherId: stranger.teacher.id,
    });
    expect(response.statusCode).toBe(200);
    const created = response.json();
    expect(created).toMatchObject({
      transcript: 'tom has settled in well',
      enhancedTranscript: hostile,
      status: 'queued',
      progress: 0,
      videoUrl: `/api/videos/${created.renderId}`,
    });
    const [row] = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.id, created.renderId));
    expect(row?.teacherId).toBe(owner.teacher.id);
    expect(row?.avatarProfileId).not.toBeNull();

    const early = await get(created.videoUrl, owner.cookie);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still being rendered/);
    expect((await get(`${created.videoUrl}/status`, stranger.cookie)).statusCode).toBe(404);
    expect((await get('/api/videos/nope/status', owner.cookie)).statusCode).toBe(404);
    expect((await get('/api/videos/AAAAAAAAAAAAAAAAAAAAAA', owner.cookie)).statusCode).toBe(404);

    // Watch the row while the job renders: progress climbs in steps before it is done.
    const seen = new Set<number>();
    const draining = t.ctx.jobs.drain();
    let finished = false;
    void draining.then(() => {
      finished = true;
    });
    while (!finished) {
      const status = (await get(`${created.videoUrl}/status`, owner.cookie)).json();
      seen.add(status.progress);
      await new Promise((r) => setTimeout(r, 40));
    }
    await draining;
    expect([...seen].some((p) => p > 0 && p < 100)).toBe(true);

    const status = (await get(`${created.videoUrl}/status`, owner.cookie)).json();
    expect(status).toMatchObject({ status: 'done', progress: 100, engine: 'builtin', error: null });
    expect(Math.abs(status.durationMs / 1000 - speechSeconds)).toBeLessThan(0.2);

    const video = await get(created.videoUrl, owner.cookie);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['cache-control']).toBe('private, no-cache');
    expect(video.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    const part = await get(created.videoUrl, owner.cookie, { range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    // The video and its captions are the teacher's: nobody else's session, and no session,
    // can fetch them by the render id (a parent watches through the report's live link).
    for (const url of [created.videoUrl, created.captionsUrl]) {
      expect((await get(url)).statusCode).toBe(401);
      expect((await get(url, stranger.cookie)).statusCode).toBe(404);
    }

    const vtt = await get(created.captionsUrl, owner.cookie);
    expect(vtt.headers['content-type']).toMatch(/^text\/vtt/);
    expect(vtt.body.startsWith('WEBVTT')).toBe(true);
    expect(vtt.body).toContain('&lt;b&gt;settled&lt;/b&gt; in &amp;');
    expect(vtt.body).not.toContain('<b>');
  }, 120_000);

  it('cuts the fillers and the long pause out of a recording, keeping the recording itself', async () => {
    // What the teacher said: two hesitations, a repeated word, and a 1.3 s pause mid-sentence.
    const said = 'Um, Tom has settled in, um, really well this term. He he enjoys reading.';
    const spoken = await speak(said, 'en-us+f2', 175);
    const paused = spliceBefore(spoken, said.indexOf('this'), silence(spoken, 1300));
    const wav = encodeWav(paused.samples, paused.sampleRate);
    const created = (
      await post(owner.cookie, { audioData: wav.toString('base64'), transcript: said })
    ).json();
    expect(created.enhancedTranscript).toBe(
      'Tom has settled in really well this term. He enjoys reading.',
    );
    const [row] = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.id, created.renderId));
    const [stored] = await t.ctx.db.select().from(files).where(eq(files.id, row!.audioFileId!));
    const before = await t.ctx.files.read(stored!.storageKey);
    await t.ctx.jobs.drain();

    const status = (await get(`${created.videoUrl}/status`, owner.cookie)).json();
    expect(status).toMatchObject({ status: 'done', voiceSource: 'recording' });
    const { cleaning } = status;
    expect(cleaning).toMatchObject({ aligned: true, removedWords: ['Um', 'um', 'He'] });
    const originalMs = (paused.samples.length / paused.sampleRate) * 1000;
    expect(Math.abs(cleaning.originalDurationMs - originalMs)).toBeLessThanOrEqual(1);
    console.info(`cleaned recording: ${JSON.stringify(cleaning)}`);
    // The 1.3 s pause became 0.5 s (less the edges of the words around it); the words
    // took the rest of the cut.
    expect(cleaning.pausesMs).toBeGreaterThanOrEqual(700);
    expect(cleaning.originalDurationMs - cleaning.cleanedDurationMs).toBeGreaterThan(
      cleaning.pausesMs,
    );
    expect(Math.abs(status.durationMs - cleaning.cleanedDurationMs)).toBeLessThanOrEqual(30);

    // The MP4 is the cleaned length; the teacher's recording is still as it was sent.
    const dir = await mkdtemp(join(tmpdir(), 'cleaned-video-'));
    try {
      const path = join(dir, 'video.mp4');
      await writeFile(path, (await get(created.videoUrl, owner.cookie)).rawPayload);
      const seconds = Number((await probe(path)).format.duration);
      expect(Math.abs(seconds * 1000 - cleaning.cleanedDurationMs)).toBeLessThanOrEqual(50);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    expect((await t.ctx.files.read(stored!.storageKey)).equals(before)).toBe(true);

    // The captions are the enhanced words, timed from the first word on.
    const vtt = (await get(created.captionsUrl, owner.cookie)).body;
    const words = vtt
      .split('\n')
      .filter((line) => line && !/^(WEBVTT|\d+$|\d\d:)/.test(line))
      .join(' ');
    expect(words).toBe(created.enhancedTranscript);
    const firstCue = /^(\d\d):(\d\d):(\d\d\.\d+) -->/m.exec(vtt)!;
    expect(Number(firstCue[3])).toBeLessThan(0.6);
  }, 120_000);

  it('uses a recording as it is when its transcript is of something else', async () => {
    const { renderId, videoUrl } = (
      await post(owner.cookie, {
        audioData: recording,
        transcript: 'The weather in the mountains was cold, so we stayed indoors and played chess.',
      })
    ).json();
    await t.ctx.jobs.drain();
    const status = (await get(`${videoUrl}/status`, owner.cookie)).json();
    expect(status).toMatchObject({ renderId, status: 'done' });
    expect(status.cleaning).toEqual({
      aligned: false,
      originalDurationMs: status.durationMs,
      cleanedDurationMs: status.durationMs,
      removedWords: [],
      pausesMs: 0,
    });
    expect(Math.abs(status.durationMs / 1000 - speechSeconds)).toBeLessThan(0.2);
  }, 120_000);

  it('speaks typed text with the default British voice over a title card without an avatar', async () => {
    const response = await post(stranger.cookie, {
      voice: 'synthesized',
      transcript: 'Welcome back after half term.',
    });
    expect(response.statusCode).toBe(200);
    const { renderId, enhancedTranscript } = response.json();
    expect(enhancedTranscript).toContain('Welcome back');
    await t.ctx.jobs.drain();
    const status = (await get(`/api/videos/${renderId}/status`, stranger.cookie)).json();
    expect(status).toMatchObject({
      status: 'done',
      engine: 'builtin',
      voiceSource: 'synthesized',
      cleaning: null,
    });
    expect(status.durationMs).toBeGreaterThan(1000);
    const [row] = await t.ctx.db.select().from(videoRenders).where(eq(videoRenders.id, renderId));
    expect(row?.avatarProfileId).toBeNull();
    expect(row?.audioFileId).toBeNull();
  }, 120_000);

  it('leaves a failed render with a message a teacher can read', async () => {
    const { renderId, videoUrl } = (await post(owner.cookie, { audioData: recording })).json();
    const [row] = await t.ctx.db.select().from(videoRenders).where(eq(videoRenders.id, renderId));
    const [file] = await t.ctx.db.select().from(files).where(eq(files.id, row!.audioFileId!));
    await t.ctx.files.delete(file!.storageKey);
    await t.ctx.jobs.drain();
    const status = (await get(`${videoUrl}/status`, owner.cookie)).json();
    expect(status).toMatchObject({
      status: 'failed',
      error: 'The recording for this video is missing.',
    });
    const video = await get(videoUrl, owner.cookie);
    expect(video.statusCode).toBe(409);
    expect(video.json().message).toBe('The recording for this video is missing.');
  }, 60_000);

  it('picks up a render whose process died mid-way (lease ran out) and finishes it', async () => {
    const { renderId, videoUrl } = (await post(owner.cookie, { audioData: recording })).json();
    // As if a process claimed it, wrote 35 %, and died: the lease has run out.
    await t.ctx.db
      .update(jobs)
      .set({ status: 'running', attempts: 1, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.status, 'queued'));
    await t.ctx.db
      .update(videoRenders)
      .set({ status: 'rendering', progress: 35 })
      .where(eq(videoRenders.id, renderId));
    await t.ctx.jobs.drain();
    const status = (await get(`${videoUrl}/status`, owner.cookie)).json();
    expect(status).toMatchObject({ status: 'done', progress: 100 });
    expect((await get(videoUrl, owner.cookie)).statusCode).toBe(200);
  }, 120_000);
});
