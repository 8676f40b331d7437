import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links, linkViews } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';
import { inspect } from '../../work/exports/pdf-inspection.test-support';

function sineClip(seconds: number): Buffer {
  const result = spawnSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=330:duration=${seconds}`, '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

/*
 * A recording is the teacher's (their session), or a pupil's or parent's through the view
 * that lists it: a live link, a pupil's document address. Never by its id alone.
 */
describe.each(testBackends())('feedback recordings go with their view on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };
  let doc: { id: number; uniqueId: string };
  let clip: Buffer;
  let recording: { audioUrl: string; itemId: number };

  const as = (cookie: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const share = async () => {
    const shared = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/share-feedback`, {
      sendEmail: false,
    });
    return shared.json().shareableLink.split('/').pop() as string;
  };

  beforeAll(async () => {
    t = await startTestApp(backend, { PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    key = await classroomKeyOf(t, owner.cookie);
    doc = (await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' })).json();
    await t.ctx.jobs.drain();
    clip = sineClip(2);
    const processed = (
      await as(owner.cookie, 'POST', '/api/audio/process', { audioData: clip.toString('base64') })
    ).json();
    const item = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/feedback`, {
      type: 'audio',
      content: '',
      audioUrl: processed.audioUrl,
      audioDuration: processed.duration,
      pageNumber: 1,
      highlightedText: 'lighthouse',
    });
    recording = { audioUrl: processed.audioUrl, itemId: item.json().id };
  });
  afterAll(async () => t?.close());

  it('plays for its teacher by its id, for nobody else', async () => {
    const mine = await as(owner.cookie, 'GET', recording.audioUrl);
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload.equals(clip)).toBe(true);
    expect(mine.headers['content-security-policy']).toMatch(/sandbox/);
    expect((await t.app.inject({ url: recording.audioUrl })).statusCode).toBe(401);
    expect((await as(stranger.cookie, 'GET', recording.audioUrl)).statusCode).toBe(404);
  });

  it('plays through a live link, with ranges and no caching, and stops when the link does', async () => {
    const accessKey = await share();
    const view = (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json();
    const item = view.feedbackItems.find((f: { type: string }) => f.type === 'audio');
    expect(item.audioUrl).toBe(`/api/feedback-view/${accessKey}/audio/${recording.itemId}`);
    const played = await t.app.inject({ url: item.audioUrl });
    expect(played.statusCode).toBe(200);
    expect(played.headers['cache-control']).toBe('no-store');
    expect(played.rawPayload.equals(clip)).toBe(true);
    const part = await t.app.inject({ url: item.audioUrl, headers: { range: 'bytes=0-15' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(16);
    // Another item's number under this link, or a made-up one, is not found.
    const other = `/api/feedback-view/${accessKey}/audio/${recording.itemId + 1000}`;
    expect((await t.app.inject({ url: other })).statusCode).toBe(404);

    const [link] = await t.ctx.db
      .select()
      .from(links)
      .where(eq(links.documentId, doc.id))
      .orderBy(links.id)
      .then((rows) => rows.reverse());
    await as(owner.cookie, 'POST', `/api/share-links/${link!.id}/revoke`);
    expect((await t.app.inject({ url: item.audioUrl })).statusCode).toBe(404);

    const expiring = await share();
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.documentId, doc.id));
    const expired = `/api/feedback-view/${expiring}/audio/${recording.itemId}`;
    expect((await t.app.inject({ url: expired })).statusCode).toBe(404);
  });

  it('plays for the pupil under their document’s address', async () => {
    const listed = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/my-assignments',
      payload: { firstName: 'Maya', surnameInitials: 'PA', classroomKeyId: key.keyId },
    });
    const audio = listed
      .json()
      .flatMap((a: { feedback: { audioUrl: string | null }[] }) => a.feedback)
      .find((f: { audioUrl: string | null }) => f.audioUrl);
    const address = `/api/pupil-documents/${key.phrase}/${doc.uniqueId}`;
    expect(audio.audioUrl).toBe(`${address}/audio/${recording.itemId}`);
    const played = await t.app.inject({ url: audio.audioUrl });
    expect(played.statusCode).toBe(200);
    expect(played.headers['cache-control']).toBe('no-store');
    const view = (await t.app.inject({ url: address })).json();
    expect(view.feedbackItems.find((f: { type: string }) => f.type === 'audio').audioUrl).toBe(
      audio.audioUrl,
    );
    const wrongPhrase = `/api/pupil-documents/not-the-right-phrase/${doc.uniqueId}/audio/${recording.itemId}`;
    expect((await t.app.inject({ url: wrongPhrase })).statusCode).toBe(404);
  });

  it('writes into each export the address of the session or link it was downloaded under', async () => {
    const accessKey = await share();
    const viaLink = await t.app.inject({
      url: `/api/feedback-view/${accessKey}/download?format=docx`,
    });
    const linkDocx = (await readZip(viaLink.rawPayload)).get('word/comments.xml')?.toString();
    expect(linkDocx).toContain(
      `http://cv.test/api/feedback-view/${accessKey}/audio/${recording.itemId}`,
    );
    expect(linkDocx).not.toContain('/api/audio/');

    const teachers = await as(owner.cookie, 'GET', `/api/documents/${doc.id}/download?format=docx`);
    const teacherDocx = (await readZip(teachers.rawPayload)).get('word/comments.xml')?.toString();
    expect(teacherDocx).toContain(`http://cv.test${recording.audioUrl}`);

    const pupils = await t.app.inject({
      url: `/api/pupil-documents/${key.phrase}/${doc.uniqueId}/download?format=annotated-pdf`,
    });
    const pages = await inspect(new Uint8Array(pupils.rawPayload));
    const notes = pages
      .flatMap((page) => page.annotations.map((note) => note.contentsObj?.str ?? ''))
      .join('\n');
    expect(notes).toContain(
      `listen: http://cv.test/api/pupil-documents/${key.phrase}/${doc.uniqueId}/audio/${recording.itemId}`,
    );
    expect(notes).not.toContain('/api/audio/');
  });

  it('counts a GET of a feedback link as a view, never a HEAD', async () => {
    const accessKey = await share();
    const [link] = await t.ctx.db
      .select()
      .from(links)
      .where(eq(links.documentId, doc.id))
      .orderBy(links.id)
      .then((rows) => rows.reverse());
    const views = () => t.ctx.db.select().from(linkViews).where(eq(linkViews.linkId, link!.id));
    const head = await t.app.inject({ method: 'HEAD', url: `/api/feedback-view/${accessKey}` });
    expect(head.statusCode).toBe(200);
    await t.ctx.linkViews.flush();
    expect(await views()).toHaveLength(0);
    await t.app.inject({ url: `/api/feedback-view/${accessKey}` });
    await t.ctx.linkViews.flush();
    expect(await views()).toHaveLength(1);
  });
});
