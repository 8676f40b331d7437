import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probe, speechThenSilence } from '../../ai/avatar-video/test/media-test-kit';
import { files, jobs, students, videoRenders, voiceProfiles } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';
import { sweep } from '../../work/housekeeping';

/*
 * A report keeps the teacher's recording from the moment it is saved, its video is made
 * (again) from a saved draft, a typed report speaks in the teacher's synthesized voice,
 * and the parent is told only what the report holds.
 */
describe.each(testBackends())('a report’s recording and video on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let pupilId: number;
  let wav: Buffer;
  let work: string;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const [pupil] = await t.ctx.db
      .insert(students)
      .values({
        teacherId: owner.teacher.id,
        name: 'Maya',
        surname: 'Patel',
        yearGroup: 'Year 6',
        parentEmail: 'parent.patel@home.example',
      })
      .returning();
    pupilId = pupil!.id;
    wav = (await speechThenSilence('Maya has read every night this term.', 0.3)).wav;
    work = await mkdtemp(join(tmpdir(), 'report-recording-'));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    if (work) await rm(work, { recursive: true, force: true });
  });

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** The recorder's Save Recording: the clip stored, its address handed back. */
  async function processed(cookie: string) {
    const body = new FormData();
    body.append('audio', new Blob([new Uint8Array(wav)]), 'recording.wav');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/process',
      headers: { cookie },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json().audioUrl as string;
  }

  const draft = (overrides: object = {}) => ({
    studentId: pupilId,
    subjects: 'Reading',
    content: 'Maya has read every night this term.',
    transcript: 'Maya has read every night this term',
    ...overrides,
  });

  /** The stored file behind a /api/audio/{id} or a render's column, if it still exists. */
  const fileRow = async (id: string) =>
    (await t.ctx.db.select().from(files).where(eq(files.id, id)))[0] ?? null;

  async function probeVideo(videoUrl: string, name: string) {
    const video = await as(owner.cookie, 'GET', videoUrl);
    expect(video.statusCode).toBe(200);
    const path = join(work, `${name}.mp4`);
    await writeFile(path, video.rawPayload);
    const info = await probe(path);
    return {
      kinds: info.streams.map((s) => s.codec_type).sort(),
      seconds: Number(info.format.duration),
    };
  }

  it('keeps the recording of a draft saved before its video, and makes the video after the save', async () => {
    const recordingUrl = await processed(owner.cookie);
    const created = await as(owner.cookie, 'POST', '/api/parent-reports', draft({ recordingUrl }));
    expect(created.statusCode).toBe(200);
    const report = created.json();
    // The save answers at once: the recording is the report's, its video is on its way.
    expect(report).toMatchObject({
      recordingUrl,
      videoUrl: null,
      captionsUrl: null,
      video: { status: 'queued', voiceSource: 'recording', progress: 0, error: null },
    });
    // The recording stays a week later too: the report's render names it.
    await sweep(t.ctx.db, t.ctx.files, new Date(Date.now() + 8 * 24 * 3600 * 1000));
    expect(await fileRow(recordingUrl.split('/').pop()!)).not.toBeNull();

    await t.ctx.jobs.drain();
    const done = (await as(owner.cookie, 'GET', `/api/parent-reports/${report.id}`)).json();
    expect(done.video).toMatchObject({ status: 'done', renderId: report.video.renderId });
    expect(done.videoUrl).toBe(`/api/videos/${report.video.renderId}`);
    expect(done.recordingUrl).toBe(recordingUrl);
    const made = await probeVideo(done.videoUrl, 'saved-first');
    expect(made.kinds).toEqual(['audio', 'video']);
    expect(made.seconds).toBeGreaterThan(2);
    // The teacher can play the recording kept with the report; nobody else can.
    expect((await as(owner.cookie, 'GET', recordingUrl)).statusCode).toBe(200);
    expect((await as(stranger.cookie, 'GET', recordingUrl)).statusCode).toBe(404);

    // Made again from View: a new render from the same recording; the old one goes.
    const again = await as(owner.cookie, 'POST', `/api/parent-reports/${report.id}/video`, {});
    expect(again.statusCode).toBe(200);
    const remade = again.json();
    expect(remade.video.renderId).not.toBe(report.video.renderId);
    expect(remade).toMatchObject({ recordingUrl, videoUrl: null, video: { status: 'queued' } });
    const old = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.id, report.video.renderId));
    expect(old).toHaveLength(0);
    await t.ctx.jobs.drain();
    const second = (await as(owner.cookie, 'GET', `/api/parent-reports/${report.id}`)).json();
    expect(second.video.status).toBe('done');
    expect((await probeVideo(second.videoUrl, 'remade')).kinds).toEqual(['audio', 'video']);

    // Deleting the report removes the recording with the video.
    const [render] = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.id, second.video.renderId));
    expect((await as(owner.cookie, 'DELETE', `/api/parent-reports/${report.id}`)).statusCode).toBe(
      200,
    );
    expect(await fileRow(render!.audioFileId!)).toBeNull();
    expect(await fileRow(render!.videoFileId!)).toBeNull();
  }, 180_000);

  it('makes a recording a later save brings into a draft into its video, once', async () => {
    const created = (await as(owner.cookie, 'POST', '/api/parent-reports', draft())).json();
    expect(created).toMatchObject({ video: null, recordingUrl: null });
    const recordingUrl = await processed(owner.cookie);
    const saved = (
      await as(owner.cookie, 'PUT', `/api/parent-reports/${created.id}`, {
        content: 'Maya reads every night.',
        recordingUrl,
        videoUrl: null,
      })
    ).json();
    expect(saved).toMatchObject({ recordingUrl, video: { status: 'queued' } });
    // Saving again with the same recording starts nothing new.
    const resaved = (
      await as(owner.cookie, 'PUT', `/api/parent-reports/${created.id}`, {
        subjects: 'Reading, Spelling',
        recordingUrl,
        videoUrl: null,
      })
    ).json();
    expect(resaved.video.renderId).toBe(saved.video.renderId);
    // The video's words are the text it was made from; a later edit is said to differ.
    expect(resaved.video.textChanged).toBe(false);
    const edited = (
      await as(owner.cookie, 'PUT', `/api/parent-reports/${created.id}`, {
        content: 'Maya reads to her brother.',
      })
    ).json();
    expect(edited.video).toMatchObject({ renderId: saved.video.renderId, textChanged: true });
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.status, 'queued'));
    expect(queued.filter((job) => job.kind === 'render-avatar-video')).toHaveLength(1);
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${created.id}`);
    expect(await fileRow(recordingUrl.split('/').pop()!)).toBeNull();
  });

  it('refuses another teacher’s recording and report, and a sent report’s video', async () => {
    const theirs = await processed(stranger.cookie);
    const refused = await as(
      owner.cookie,
      'POST',
      '/api/parent-reports',
      draft({ recordingUrl: theirs }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This recording was not made here');
    const madeUp = await as(
      owner.cookie,
      'POST',
      '/api/parent-reports',
      draft({ recordingUrl: '/api/uploads/AAAAAAAAAAAAAAAAAAAAAA' }),
    );
    expect(madeUp.json().message).toBe('This recording was not made here');

    const typed = (await as(owner.cookie, 'POST', '/api/parent-reports', draft())).json();
    const stolen = await as(stranger.cookie, 'POST', `/api/parent-reports/${typed.id}/video`, {});
    expect(stolen.statusCode).toBe(404);
    const noRecording = await as(owner.cookie, 'POST', `/api/parent-reports/${typed.id}/video`, {
      voice: 'recording',
    });
    expect(noRecording.statusCode).toBe(400);
    expect(noRecording.json().message).toBe(
      'This report has no recording: record one in Edit, or use the synthesized voice',
    );
    const long = (
      await as(
        owner.cookie,
        'POST',
        '/api/parent-reports',
        draft({ content: 'Lovely. '.repeat(300) }),
      )
    ).json();
    const tooLong = await as(owner.cookie, 'POST', `/api/parent-reports/${long.id}/video`, {});
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/too long to speak: at most 2000 characters/);

    await as(owner.cookie, 'POST', `/api/parent-reports/${typed.id}/share`, { sendEmail: false });
    const sent = await as(owner.cookie, 'POST', `/api/parent-reports/${typed.id}/video`, {});
    expect(sent.statusCode).toBe(409);
    expect(sent.json().message).toBe(
      'This report has been sent to the parent: its video can no longer be changed',
    );
    for (const id of [typed.id, long.id])
      await as(owner.cookie, 'DELETE', `/api/parent-reports/${id}`);
  });

  it('speaks a typed report in the voice profile’s synthesized voice', async () => {
    const [voice] = await t.ctx.db
      .insert(voiceProfiles)
      .values({
        teacherId: owner.teacher.id,
        name: 'My voice',
        description: '',
        voiceId: `voice_${randomBytes(8).toString('hex')}`,
        settings: { medianPitchHz: 210, wordsPerMinute: 150, variant: 'f3', voicedSeconds: 6 },
        consentAt: new Date(),
      })
      .returning();
    const typed = (await as(owner.cookie, 'POST', '/api/parent-reports', draft())).json();
    const made = await as(owner.cookie, 'POST', `/api/parent-reports/${typed.id}/video`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({
      recordingUrl: null,
      video: { status: 'queued', voiceSource: 'synthesized' },
    });
    const [render] = await t.ctx.db
      .select()
      .from(videoRenders)
      .where(eq(videoRenders.id, made.json().video.renderId));
    expect(render?.voiceProfileId).toBe(voice!.id);
    expect(render?.enhancedTranscript).toBe('Maya has read every night this term.');
    await t.ctx.jobs.drain();
    const done = (await as(owner.cookie, 'GET', `/api/parent-reports/${typed.id}`)).json();
    expect(done.video.status).toBe('done');
    const video = await probeVideo(done.videoUrl, 'typed');
    expect(video.kinds).toEqual(['audio', 'video']);
    expect(video.seconds).toBeGreaterThan(1.5);

    // Shared with its video: the e-mail and the page say so, with the synthesized voice.
    const share = await as(owner.cookie, 'POST', `/api/parent-reports/${typed.id}/share`, {});
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail('parent.patel@home.example', /A report about Maya/);
    expect(mail.text).toContain('has made a video report about Maya');
    expect(mail.text).toContain('Watch and read it here:');
    expect(mail.text).toContain('a synthesized voice reads Grace');
    const key = share.json().shareableLink.split('/').pop();
    const page = (await t.app.inject({ url: `/api/shared/${key}` })).json();
    expect(page).toMatchObject({ videoUrl: `/api/shared/${key}/video`, videoVoice: 'synthesized' });
    smtp.inbox.length = 0;
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${typed.id}`);
  }, 120_000);

  it('tells the parent of a report without a video that it is a written report', async () => {
    const recordingUrl = await processed(owner.cookie);
    // Saved with a recording, shared while the video is still being made.
    const report = (
      await as(owner.cookie, 'POST', '/api/parent-reports', draft({ recordingUrl }))
    ).json();
    const share = await as(owner.cookie, 'POST', `/api/parent-reports/${report.id}/share`, {});
    expect(share.statusCode).toBe(200);
    const key = share.json().shareableLink.split('/').pop();
    const page = (await t.app.inject({ url: `/api/shared/${key}` })).json();
    expect(page).toMatchObject({
      videoUrl: null,
      captionsUrl: null,
      videoVoice: null,
      aiGenerated: false,
    });
    expect((await t.app.inject({ url: `/api/shared/${key}/video` })).statusCode).toBe(409);
    // The mail goes by a job; the video finishes meanwhile and the page then shows it.
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail('parent.patel@home.example', /A report about Maya/);
    expect(mail.text).toContain('has written a report about Maya for you.');
    expect(mail.text).toContain('Read it here:');
    // The link's random key may spell anything ("…SaifOf…" held "ai"): judged without it.
    const words = mail.text.replaceAll(share.json().shareableLink, '');
    expect(words).not.toMatch(/watch|video|AI/i);
    expect(mail.html).toContain('>Read the report</a>');
    expect(firstLink(mail.text)).toBe(share.json().shareableLink);
    const later = (await t.app.inject({ url: `/api/shared/${key}` })).json();
    expect(later).toMatchObject({ videoVoice: 'recording', aiGenerated: true });
    smtp.inbox.length = 0;
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${report.id}`);
  }, 120_000);
});
