import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, files } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { readZip } from '../../test/read-zip';

function sineClip(seconds: number): Buffer {
  const result = spawnSync(ffmpeg.path, [
    ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
    ...['-i', `sine=frequency=440:duration=${seconds}`, '-c:a', 'libopus', '-f', 'webm', 'pipe:1'],
  ]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  return result.stdout;
}

type Item = { id: number; content: string; type: string; audioUrl: string | null };

/*
 * Reviewed or shared work reopened for more feedback: the teacher works on the current state,
 * pupils and parents keep the state last published (an edited comment as it was, a deleted
 * item still there with its recording) until it is shared or marked reviewed again.
 */
describe.each(testBackends())('reopening reviewed work on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };
  let clip: Buffer;

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A hand-in with a written comment and a recorded one, shared through a link. */
  async function sharedWork(firstName: string, surnameInitials: string) {
    const doc = (await handIn(t, key.keyId, { firstName, surnameInitials })).json() as {
      id: number;
      uniqueId: string;
    };
    await t.ctx.jobs.drain();
    const written = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: 'A strong opening.',
      pageNumber: 1,
      highlightedText: 'lighthouse',
    });
    expect(written.statusCode).toBe(200);
    const processed = (
      await as(owner.cookie, 'POST', '/api/audio/process', { audioData: clip.toString('base64') })
    ).json();
    const spoken = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/feedback`, {
      type: 'audio',
      content: 'Listen to this.',
      audioUrl: processed.audioUrl,
      audioDuration: processed.duration,
      pageNumber: 1,
      highlightedText: 'lighthouse',
    });
    expect(spoken.statusCode).toBe(200);
    const shared = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/share-feedback`, {
      sendEmail: false,
    });
    expect(shared.statusCode).toBe(200);
    return {
      doc,
      written: written.json() as Item,
      spoken: spoken.json() as Item,
      accessKey: shared.json().shareableLink.split('/').pop() as string,
      pupil: { firstName, surnameInitials },
    };
  }

  const linkView = async (accessKey: string) =>
    (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json() as {
      feedbackItems: Item[];
    };
  const pupilView = async (uniqueId: string) =>
    (await t.app.inject({ url: `/api/pupil-documents/${key.phrase}/${uniqueId}` })).json() as {
      feedbackItems: Item[];
    };
  const myAssignments = async (pupil: { firstName: string; surnameInitials: string }) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/student-portal/my-assignments',
        payload: { ...pupil, classroomKeyId: key.keyId },
      })
    ).json() as { id: number; status: string; feedback: Item[] }[];
  const teacherDoc = async (id: number) =>
    (await as(owner.cookie, 'GET', `/api/documents/${id}`)).json() as {
      status: string;
      publishedAt: string | null;
      feedbackCount: number;
      feedback: (Item & { publication: string })[];
    };
  const docxText = async (url: string) => {
    const answer = await t.app.inject({ url: `${url}/download?format=docx` });
    expect(answer.statusCode).toBe(200);
    return (await readZip(answer.rawPayload)).get('word/document.xml')!.toString('utf8');
  };

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    key = await classroomKeyOf(t, owner.cookie);
    clip = sineClip(1);
  });
  afterAll(async () => t?.close());

  it('keeps what pupils and parents see until it is published again, then shows the new state', {
    timeout: 60_000,
  }, async () => {
    const w = await sharedWork('Maya', 'PA');
    const before = await teacherDoc(w.doc.id);
    expect(before.status).toBe('shared');
    expect(before.publishedAt).not.toBeNull();

    // Only its teacher reopens it; work not yet reviewed or shared cannot be.
    expect(
      (await as(stranger.cookie, 'POST', `/api/documents/${w.doc.id}/reopen`)).statusCode,
    ).toBe(404);
    expect((await teacherDoc(w.doc.id)).status).toBe('shared');
    const reopened = await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/reopen`);
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toMatchObject({
      status: 'under review',
      publishedAt: before.publishedAt,
    });
    const again = await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/reopen`);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      message: 'Only work that is reviewed or shared can be reopened',
      code: 'not_reopenable',
    });
    // It is under review again in the teacher's list.
    const underReview = (
      await as(owner.cookie, 'GET', '/api/documents?tab=under-review')
    ).json() as { id: number; feedbackCount: number }[];
    expect(underReview.find((d) => d.id === w.doc.id)).toMatchObject({ feedbackCount: 2 });

    // More feedback: an edit, a deletion (with its recording) and a new comment.
    expect(
      (
        await as(owner.cookie, 'PUT', `/api/feedback/${w.written.id}`, {
          content: 'A gripping opening.',
        })
      ).statusCode,
    ).toBe(200);
    expect((await as(owner.cookie, 'DELETE', `/api/feedback/${w.spoken.id}`)).statusCode).toBe(200);
    expect(
      (
        await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/feedback`, {
          type: 'text',
          content: 'Check the ending.',
          pageNumber: 1,
          highlightedText: 'lighthouse',
        })
      ).statusCode,
    ).toBe(200);
    // Another teacher can neither edit nor delete these.
    expect(
      (await as(stranger.cookie, 'PUT', `/api/feedback/${w.written.id}`, { content: 'x' }))
        .statusCode,
    ).toBe(404);
    expect((await as(stranger.cookie, 'DELETE', `/api/feedback/${w.written.id}`)).statusCode).toBe(
      404,
    );

    // The teacher sees the working state: the deleted item is gone for them, for good.
    const working = await teacherDoc(w.doc.id);
    expect(working.feedbackCount).toBe(2);
    expect(working.feedback.map((f) => [f.content, f.publication])).toEqual([
      ['A gripping opening.', 'edited'],
      ['Check the ending.', 'draft'],
    ]);
    expect(
      (await as(owner.cookie, 'PUT', `/api/feedback/${w.spoken.id}`, { content: 'x' })).statusCode,
    ).toBe(404);
    expect((await as(owner.cookie, 'DELETE', `/api/feedback/${w.spoken.id}`)).statusCode).toBe(404);
    const list = (await as(owner.cookie, 'GET', '/api/documents')).json() as {
      id: number;
      feedbackCount: number;
    }[];
    expect(list.find((d) => d.id === w.doc.id)?.feedbackCount).toBe(2);
    const teacherDocx = await (
      await as(owner.cookie, 'GET', `/api/documents/${w.doc.id}/download?format=docx`)
    ).rawPayload;
    const teacherXml = (await readZip(teacherDocx)).get('word/document.xml')!.toString('utf8');
    expect(teacherXml).toContain('A gripping opening.');
    expect(teacherXml).not.toContain('Listen to this.');

    // Pupils and parents still see what was shared: the old comment, the deleted recording.
    const shown = ['A strong opening.', 'Listen to this.'];
    const link = await linkView(w.accessKey);
    expect(link.feedbackItems.map((f) => f.content)).toEqual(shown);
    const pupil = await pupilView(w.doc.uniqueId);
    expect(pupil.feedbackItems.map((f) => f.content)).toEqual(shown);
    const [assignment] = await myAssignments(w.pupil);
    expect(assignment).toMatchObject({ id: w.doc.id, status: 'reviewed' });
    expect(assignment!.feedback.map((f) => f.content)).toEqual(shown);
    const recording = link.feedbackItems.find((f) => f.type === 'audio')!.audioUrl!;
    const played = await t.app.inject({ url: recording });
    expect(played.statusCode).toBe(200);
    expect(played.rawPayload.equals(clip)).toBe(true);
    const pupilRecording = pupil.feedbackItems.find((f) => f.type === 'audio')!.audioUrl!;
    expect((await t.app.inject({ url: pupilRecording })).statusCode).toBe(200);
    for (const url of [
      `/api/feedback-view/${w.accessKey}`,
      `/api/pupil-documents/${key.phrase}/${w.doc.uniqueId}`,
    ]) {
      const xml = await docxText(url);
      expect(xml).toContain('A strong opening.');
      expect(xml).not.toContain('gripping');
      expect(xml).not.toContain('Check the ending.');
    }
    const [audioRow] = await t.ctx.db
      .select({ fileId: feedback.audioFileId })
      .from(feedback)
      .where(eq(feedback.id, w.spoken.id));
    const [audioFile] = await t.ctx.db.select().from(files).where(eq(files.id, audioRow!.fileId!));
    expect(await t.ctx.files.stat(audioFile!.storageKey)).toBeTruthy();

    // Marked reviewed: the new state is theirs, the deleted item and its recording are gone.
    const reviewed = await as(owner.cookie, 'PUT', `/api/documents/${w.doc.id}`, {
      status: 'reviewed',
    });
    expect(reviewed.statusCode).toBe(200);
    await t.ctx.jobs.drain();
    const now = ['A gripping opening.', 'Check the ending.'];
    expect((await linkView(w.accessKey)).feedbackItems.map((f) => f.content)).toEqual(now);
    expect((await pupilView(w.doc.uniqueId)).feedbackItems.map((f) => f.content)).toEqual(now);
    expect((await myAssignments(w.pupil))[0]!.feedback.map((f) => f.content)).toEqual(now);
    expect(await docxText(`/api/feedback-view/${w.accessKey}`)).toContain('A gripping opening.');
    expect((await t.app.inject({ url: recording })).statusCode).toBe(404);
    expect(await t.ctx.db.select().from(feedback).where(eq(feedback.id, w.spoken.id))).toEqual([]);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, audioFile!.id))).toEqual([]);
    expect(await t.ctx.files.stat(audioFile!.storageKey)).toBeFalsy();
    expect((await teacherDoc(w.doc.id)).feedback.map((f) => f.publication)).toEqual([
      'shared',
      'shared',
    ]);

    // Reviewed work reopens too, and sharing it again publishes as marking reviewed does.
    expect((await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/reopen`)).statusCode).toBe(
      200,
    );
    const last = (await teacherDoc(w.doc.id)).feedback[1]!;
    await as(owner.cookie, 'PUT', `/api/feedback/${last.id}`, { content: 'Check the last line.' });
    expect((await linkView(w.accessKey)).feedbackItems[1]!.content).toBe('Check the ending.');
    await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/share-feedback`, {
      sendEmail: false,
    });
    expect((await linkView(w.accessKey)).feedbackItems[1]!.content).toBe('Check the last line.');
    expect((await teacherDoc(w.doc.id)).status).toBe('shared');
  });

  it('a new document cannot be reopened, and nothing changes', async () => {
    const doc = (await handIn(t, key.keyId, { firstName: 'Noor', surnameInitials: 'KH' })).json();
    const refused = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/reopen`);
    expect(refused.statusCode).toBe(400);
    expect((await teacherDoc(doc.id)).status).toBe('new');
    expect((await as(owner.cookie, 'POST', '/api/documents/999999/reopen')).statusCode).toBe(404);
  });

  it('deleting the document (as the retention purge does) removes the recordings of its deleted items', {
    timeout: 60_000,
  }, async () => {
    const w = await sharedWork('Iris', 'DW');
    expect((await as(owner.cookie, 'DELETE', `/api/feedback/${w.spoken.id}`)).statusCode).toBe(200);
    const [tombstone] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, w.spoken.id));
    const [audioFile] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, tombstone!.audioFileId!));
    expect(await t.ctx.files.stat(audioFile!.storageKey)).toBeTruthy();
    expect((await as(stranger.cookie, 'DELETE', `/api/documents/${w.doc.id}`)).statusCode).toBe(
      404,
    );
    expect((await as(owner.cookie, 'DELETE', `/api/documents/${w.doc.id}`)).statusCode).toBe(200);
    await t.ctx.jobs.drain();
    expect(await t.ctx.db.select().from(feedback).where(eq(feedback.id, w.spoken.id))).toEqual([]);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, audioFile!.id))).toEqual([]);
    expect(await t.ctx.files.stat(audioFile!.storageKey)).toBeFalsy();
  });

  it('erasing the pupil removes the deleted items pupils still saw, and their recordings', {
    timeout: 60_000,
  }, async () => {
    const w = await sharedWork('Ezra', 'BT');
    await as(owner.cookie, 'POST', `/api/documents/${w.doc.id}/reopen`);
    expect((await as(owner.cookie, 'DELETE', `/api/feedback/${w.spoken.id}`)).statusCode).toBe(200);
    const [tombstone] = await t.ctx.db.select().from(feedback).where(eq(feedback.id, w.spoken.id));
    expect(tombstone?.deletedAt).not.toBeNull();
    const [audioFile] = await t.ctx.db
      .select()
      .from(files)
      .where(eq(files.id, tombstone!.audioFileId!));
    const [document] = await t.ctx.db.select().from(documents).where(eq(documents.id, w.doc.id));

    const footprint = (
      await as(owner.cookie, 'GET', `/api/students/${document!.studentId}/footprint`)
    ).json();
    expect(footprint).toMatchObject({ feedback: 2, audioRecordings: 1 });
    expect(
      (await as(owner.cookie, 'DELETE', `/api/students/${document!.studentId}`)).statusCode,
    ).toBe(200);
    await t.ctx.jobs.drain();
    expect(
      await t.ctx.db
        .select()
        .from(feedback)
        .where(inArray(feedback.id, [w.spoken.id, w.written.id])),
    ).toEqual([]);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, audioFile!.id))).toEqual([]);
    expect(await t.ctx.files.stat(audioFile!.storageKey)).toBeFalsy();
    expect((await t.app.inject({ url: `/api/feedback-view/${w.accessKey}` })).statusCode).toBe(404);
  });
});
