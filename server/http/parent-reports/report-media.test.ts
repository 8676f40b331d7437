import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, jobs, links, linkViews, students, videoRenders } from '../../db/schema';
import { enqueueJob } from '../../platform/jobs';
import { storeFile } from '../../records/uploads';
import { RENDER_VIDEO_JOB } from '../../records/videos';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/*
 * A report's video and captions hold the report's words about a named child: they are the
 * teacher's, or a parent's through a live link, and they go when the report goes.
 */
describe.each(testBackends())('a report’s video lives and dies with it on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let pupilId: number;

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const [pupil] = await t.ctx.db
      .insert(students)
      .values({ teacherId: owner.teacher.id, name: 'Maya', surname: 'Patel', yearGroup: 'Year 6' })
      .returning();
    pupilId = pupil!.id;
  });
  afterAll(async () => t?.close());

  const get = (url: string, cookie?: string, method: 'GET' | 'HEAD' = 'GET') =>
    t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
  const as = (cookie: string, method: 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A finished render with its recording, MP4 and captions, as the render job leaves one. */
  async function finishedRender(words: string) {
    const stored = (name: string, contentType: string, extension: string) =>
      storeFile(t.ctx, {
        teacherId: owner.teacher.id,
        bytes: randomBytes(2048),
        originalName: name,
        contentType,
        extension,
        uploadedBy: 'teacher',
      });
    const audio = await stored('report-video.webm', 'audio/webm', 'webm');
    const video = await stored('report-video.mp4', 'video/mp4', 'mp4');
    const id = randomBytes(16).toString('base64url');
    await t.ctx.db.insert(videoRenders).values({
      id,
      teacherId: owner.teacher.id,
      status: 'done',
      progress: 100,
      audioFileId: audio.id,
      videoFileId: video.id,
      transcript: words,
      enhancedTranscript: words,
      captions: `WEBVTT\n\n00:00.000 --> 00:02.000\n${words}\n`,
    });
    return { id, files: [audio, video] };
  }

  async function sharedReport(renderId: string | null) {
    const created = await as(owner.cookie, 'POST', '/api/parent-reports', {
      studentId: pupilId,
      subjects: 'Reading',
      content: 'Maya has read every night.',
      ...(renderId ? { videoUrl: `/api/videos/${renderId}` } : {}),
    });
    expect(created.statusCode).toBe(200);
    const { id } = created.json();
    const shared = await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, {
      sendEmail: false,
    });
    return { id: id as number, key: shared.json().shareableLink.split('/').pop() as string };
  }

  it('serves the video and captions to its teacher and through a live link, to nobody else', async () => {
    const render = await finishedRender('Maya reads every night');
    const { id, key } = await sharedReport(render.id);
    const view = (await get(`/api/shared/${key}`)).json();
    expect(view.videoUrl).toBe(`/api/shared/${key}/video`);
    expect(view.captionsUrl).toBe(`/api/shared/${key}/captions.vtt`);

    const video = await get(view.videoUrl);
    expect(video.statusCode).toBe(200);
    expect(video.headers['content-type']).toBe('video/mp4');
    expect(video.headers['cache-control']).toBe('no-store');
    expect(video.headers['referrer-policy']).toBe('no-referrer');
    expect(video.rawPayload.length).toBe(2048);
    const part = await t.app.inject({ url: view.videoUrl, headers: { range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    const captions = await get(view.captionsUrl);
    expect(captions.statusCode).toBe(200);
    expect(captions.headers['cache-control']).toBe('no-store');
    expect(captions.body).toContain('Maya reads every night');

    for (const url of [`/api/videos/${render.id}`, `/api/videos/${render.id}/captions.vtt`]) {
      expect((await get(url)).statusCode, url).toBe(401);
      expect((await get(url, stranger.cookie)).statusCode, url).toBe(404);
      expect((await get(url, owner.cookie)).statusCode, url).toBe(200);
    }
    // Fetching the video is not the parent opening the report again: one view, the first.
    const [link] = await t.ctx.db.select().from(links).where(eq(links.reportId, id));
    await t.ctx.linkViews.flush();
    const views = await t.ctx.db.select().from(linkViews).where(eq(linkViews.linkId, link!.id));
    expect(views).toHaveLength(1);
  });

  it('ends the video and captions with the link: revoked or expired is not found', async () => {
    const render = await finishedRender('Maya has grown in confidence');
    const { id, key } = await sharedReport(render.id);
    const second = await as(owner.cookie, 'POST', `/api/parent-reports/${id}/share`, {
      sendEmail: false,
    });
    const secondKey = second.json().shareableLink.split('/').pop();
    const media = (k: string) => [`/api/shared/${k}/video`, `/api/shared/${k}/captions.vtt`];
    for (const url of [...media(key), ...media(secondKey)]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }

    const [newest, oldest] = await t.ctx.db
      .select()
      .from(links)
      .where(eq(links.reportId, id))
      .orderBy(links.id)
      .then((rows) => rows.reverse());
    await as(owner.cookie, 'POST', `/api/report-links/${oldest!.id}/revoke`);
    for (const url of media(key)) expect((await get(url)).statusCode, url).toBe(404);
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.id, newest!.id));
    for (const url of media(secondKey)) expect((await get(url)).statusCode, url).toBe(404);
    // The teacher still has it: the report is still theirs.
    expect((await get(`/api/videos/${render.id}`, owner.cookie)).statusCode).toBe(200);
  });

  it('counts a GET of the link as the parent opening it, never a HEAD', async () => {
    const { id, key } = await sharedReport(null);
    const [link] = await t.ctx.db.select().from(links).where(eq(links.reportId, id));
    const views = () => t.ctx.db.select().from(linkViews).where(eq(linkViews.linkId, link!.id));
    expect((await get(`/api/shared/${key}`, undefined, 'HEAD')).statusCode).toBe(200);
    await t.ctx.linkViews.flush();
    expect(await views()).toHaveLength(0);
    const opened = (await get(`/api/shared/${key}`)).json();
    expect(opened.videoUrl).toBeNull();
    await t.ctx.linkViews.flush();
    expect(await views()).toHaveLength(1);
    expect((await get(`/api/shared/${key}/video`)).statusCode).toBe(404);
  });

  it('deletes the render, its captions, recording and MP4 with the report, bytes included', async () => {
    const render = await finishedRender('Maya is a kind friend');
    const { id, key } = await sharedReport(render.id);
    const storageKeys = render.files.map((f) => f.storageKey);
    for (const storageKey of storageKeys) expect(await t.ctx.files.stat(storageKey)).not.toBeNull();

    expect((await as(owner.cookie, 'DELETE', `/api/parent-reports/${id}`)).statusCode).toBe(200);
    // Gone at the commit, for everyone, before any byte is removed.
    for (const url of [`/api/videos/${render.id}`, `/api/videos/${render.id}/captions.vtt`]) {
      expect((await get(url, owner.cookie)).statusCode, url).toBe(404);
    }
    for (const url of [`/api/shared/${key}/video`, `/api/shared/${key}/captions.vtt`]) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    expect(
      await t.ctx.db.select().from(videoRenders).where(eq(videoRenders.id, render.id)),
    ).toEqual([]);
    for (const file of render.files) {
      expect(await t.ctx.db.select().from(files).where(eq(files.id, file.id))).toEqual([]);
    }
    await t.ctx.jobs.drain();
    for (const storageKey of storageKeys) expect(await t.ctx.files.stat(storageKey)).toBeNull();
  });

  it('stops a render still queued for a deleted report, and keeps a render another report shows', async () => {
    const queuedId = randomBytes(16).toString('base64url');
    await t.ctx.db.transaction(async (tx) => {
      await tx
        .insert(videoRenders)
        .values({ id: queuedId, teacherId: owner.teacher.id, transcript: 'Maya sings' });
      await enqueueJob(tx, RENDER_VIDEO_JOB, { renderId: queuedId });
    });
    const queued = await sharedReport(queuedId);
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${queued.id}`);
    const renderJobs = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, RENDER_VIDEO_JOB));
    expect(renderJobs.filter((job) => JSON.stringify(job.payload).includes(queuedId))).toEqual([]);

    const render = await finishedRender('Maya helps others');
    const first = await sharedReport(render.id);
    const second = await sharedReport(render.id);
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${first.id}`);
    expect((await get(`/api/shared/${second.key}/video`)).statusCode).toBe(200);
    await as(owner.cookie, 'DELETE', `/api/parent-reports/${second.id}`);
    expect((await get(`/api/videos/${render.id}`, owner.cookie)).statusCode).toBe(404);
  });
});
