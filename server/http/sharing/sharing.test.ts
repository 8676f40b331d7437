import { spawnSync } from 'node:child_process';
import ffmpeg from '@ffmpeg-installer/ffmpeg';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, links } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';

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

describe.each(testBackends())('feedback and sharing on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };
  let doc: { id: number; uniqueId: string };

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
    owner = await signedInTeacher(t, 'Grace');
    key = await classroomKeyOf(t, owner.cookie);
    doc = (await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' })).json();
    await t.ctx.jobs.drain();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: owner.cookie },
      ...(payload ? { payload } : {}),
    });

  it('anchors text feedback to the passage, repairing drifted offsets, and moves the work under review', async () => {
    const page = (await as('GET', `/api/documents/${doc.id}/extract`)).json().pages[0] as string;
    const quote = 'old lighthouse at Gull Point';
    const at = page.indexOf(quote);
    const created = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: '  Great detail here. ',
      pageNumber: 1,
      startOffset: at + 3,
      endOffset: at + 3 + quote.length,
      highlightedText: quote,
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      content: 'Great detail here.',
      startOffset: at,
      endOffset: at + quote.length,
      highlightedText: quote,
    });
    expect((await as('GET', `/api/documents/${doc.id}`)).json().status).toBe('under review');

    const blank = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: '   ',
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Feedback text is required');

    const id = created.json().id;
    expect(
      (await as('PUT', `/api/feedback/${id}`, { content: 'Vivid detail.' })).json().content,
    ).toBe('Vivid detail.');
    const stranger = await signedInTeacher(t, 'Ada');
    const theirs = await t.app.inject({
      method: 'PUT',
      url: `/api/feedback/${id}`,
      headers: { cookie: stranger.cookie },
      payload: { content: 'x' },
    });
    expect(theirs.statusCode).toBe(404);
    const theirDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/feedback/${id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(theirDelete.statusCode).toBe(404);
  });

  it('stores a recording, measures it, and serves it with byte ranges', async () => {
    const clip = recordClip(3);
    const processed = await as('POST', '/api/audio/process', {
      audioData: `data:audio/webm;codecs=opus;base64,${clip.toString('base64')}`,
      transcript: 'um so this paragraph is is really strong',
    });
    expect(processed.statusCode).toBe(200);
    const result = processed.json();
    expect(result.duration).toBeGreaterThan(2.5);
    expect(result.duration).toBeLessThan(3.5);
    expect(result.transcript).toBe('um so this paragraph is is really strong');
    expect(result.enhancedTranscript).toBe('This paragraph is really strong.');

    const noTranscript = (
      await as('POST', '/api/audio/process', { audioData: clip.toString('base64') })
    ).json();
    expect(noTranscript.transcript).toBe('');
    expect(noTranscript.enhancedTranscript).toBe('');

    const whole = await as('GET', result.audioUrl);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.length).toBe(clip.length);
    const part = await t.app.inject({
      url: result.audioUrl,
      headers: { cookie: owner.cookie, range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${clip.length}`);
    expect(part.rawPayload).toEqual(clip.subarray(10, 20));

    const saved = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'audio',
      content: '',
      audioUrl: result.audioUrl,
      audioDuration: result.duration,
      transcript: result.transcript,
      enhancedTranscript: result.enhancedTranscript,
      pageNumber: 2,
      highlightedText: 'seals',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ type: 'audio', audioDuration: 3, pageNumber: 2 });

    const notAudio = await as('POST', '/api/audio/process', {
      audioData: Buffer.from('not audio at all').toString('base64'),
    });
    expect(notAudio.statusCode).toBe(400);
  });

  it('shares an expiring link, e-mails it, logs each view, and shows nothing once revoked', async () => {
    const shared = await as('POST', `/api/documents/${doc.id}/share-feedback`, {
      studentName: 'Maya',
      studentEmail: 'parent@home.example',
      expiryDays: 14,
    });
    expect(shared.statusCode).toBe(200);
    const { shareableLink, expiresAt, emailSent } = shared.json();
    expect(emailSent).toBe(true);
    expect(shareableLink).toMatch(/^http:\/\/cv\.test\/feedback-view\/[A-Za-z0-9_-]{43}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(13.9 * 86_400_000);
    // Each e-mail is a deliver-mail job: the test runs the queued jobs, then looks.
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail('parent@home.example', /Feedback on/);
    expect(firstLink(mail.text)).toBe(shareableLink);
    expect((await as('GET', `/api/documents/${doc.id}`)).json().status).toBe('shared');

    const accessKey = shareableLink.split('/').pop();
    const [stored] = await t.ctx.db.select().from(links).where(eq(links.documentId, doc.id));
    expect(stored!.keyHash).not.toContain(accessKey);

    const view = await t.app.inject({ url: `/api/feedback-view/${accessKey}` });
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    expect(view.headers['referrer-policy']).toBe('no-referrer');
    expect(view.headers['x-robots-tag']).toMatch(/noindex/);
    const body = view.json();
    expect(body.teacherName).toBe('Grace Hopper');
    expect(body.document.pages).toHaveLength(3);
    expect(body.document.pageNumbers).toEqual([1, 1, 2]);
    expect(body.document.pageCount).toBe(2);
    expect(body.feedbackItems.map((f: { type: string }) => f.type).sort()).toEqual([
      'audio',
      'text',
    ]);
    expect(JSON.stringify(body)).not.toContain('parent@home.example');

    await t.ctx.linkViews.flush();
    const listed = (await as('GET', `/api/documents/${doc.id}/share-links`)).json();
    expect(listed[0]).toMatchObject({ viewCount: 1, studentName: 'Maya', revokedAt: null });
    expect(listed[0].lastViewedAt).not.toBeNull();

    for (const format of ['pdf', 'annotated-pdf', 'docx']) {
      const download = await t.app.inject({
        url: `/api/feedback-view/${accessKey}/download?format=${format}`,
      });
      expect(download.statusCode, format).toBe(200);
      expect(download.headers['content-disposition']).toMatch(/^attachment/);
    }

    expect((await as('POST', `/api/share-links/${listed[0].id}/revoke`)).statusCode).toBe(200);
    const revoked = await t.app.inject({ url: `/api/feedback-view/${accessKey}` });
    expect(revoked.statusCode).toBe(404);
    expect(revoked.json().message).toBe('This feedback link may have expired or does not exist.');
  });

  it('keeps feedback written after sharing a draft until the next share or review', async () => {
    const shared = (
      await as('POST', `/api/documents/${doc.id}/share-feedback`, { sendEmail: false })
    ).json();
    const accessKey = shared.shareableLink.split('/').pop();
    const before = (await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).json()
      .feedbackItems.length;
    await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: 'DRAFT: check sources with the pupil',
      pageNumber: 1,
      highlightedText: 'lighthouse',
    });
    const view = await t.app.inject({ url: `/api/feedback-view/${accessKey}` });
    expect(view.json().feedbackItems).toHaveLength(before);
    expect(view.body).not.toContain('DRAFT');
    const pupil = await t.app.inject({ url: `/api/pupil-documents/${key.phrase}/${doc.uniqueId}` });
    expect(pupil.body).not.toContain('DRAFT');
    // The teacher's own download includes the draft.
    await as('POST', `/api/documents/${doc.id}/share-feedback`, { sendEmail: false });
    const after = await t.app.inject({ url: `/api/feedback-view/${accessKey}` });
    expect(after.body).toContain('DRAFT');
  });

  it('finds highlights again after the text is extracted anew and the words moved', async () => {
    const before = (await as('GET', `/api/documents/${doc.id}/feedback`)).json();
    const item = before.find(
      (f: { highlightedText: string }) => f.highlightedText === 'old lighthouse at Gull Point',
    );
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    await t.ctx.db
      .update(documents)
      .set({ extractedContent: `Draft 2.\n\n${row!.extractedContent}` })
      .where(eq(documents.id, doc.id));
    const after = (await as('GET', `/api/documents/${doc.id}/feedback`)).json();
    const moved = after.find((f: { id: number }) => f.id === item.id);
    expect(moved.startOffset).toBe(item.startOffset + 'Draft 2.\n\n'.length);
    const page = (await as('GET', `/api/documents/${doc.id}/extract`)).json().pages[0];
    expect(page.slice(moved.startOffset, moved.endOffset)).toBe('old lighthouse at Gull Point');
    await t.ctx.db
      .update(documents)
      .set({ extractedContent: row!.extractedContent })
      .where(eq(documents.id, doc.id));
  });

  it('refuses to take a recording as a pupil’s hand-in', async () => {
    const clipUrl = (
      await as('POST', '/api/audio/process', { audioData: recordClip(1).toString('base64') })
    ).json().audioUrl;
    const fileId = clipUrl.split('/').pop();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/student-portal/submit-assignment',
      payload: {
        title: 'Not mine',
        firstName: 'Maya',
        surnameInitials: 'PA',
        yearGroup: 'Year 6',
        fileUrl: `/api/uploads/${fileId}`,
        classroomKeyId: key.keyId,
      },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please upload your file');
  });

  it('answers malformed pupil addresses with 404, not a crash', async () => {
    for (const url of [
      '/api/pupil-documents/%25/x',
      '/documents/%25/x/file',
      '/api/pupil-documents/%25E0%25A4%25A/abc12345',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('shows nothing for an expired or made-up link and validates the expiry', async () => {
    const shared = (
      await as('POST', `/api/documents/${doc.id}/share-feedback`, {
        expiryDays: 1,
        sendEmail: false,
      })
    ).json();
    const accessKey = shared.shareableLink.split('/').pop();
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.documentId, doc.id));
    expect((await t.app.inject({ url: `/api/feedback-view/${accessKey}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/feedback-view/made-up' })).statusCode).toBe(404);
    for (const expiryDays of [0, 91, 'soon', true, [7], '0x7', '7e0', '7', 7.5]) {
      const bad = await as('POST', `/api/documents/${doc.id}/share-feedback`, { expiryDays });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Expiry must be between 1 and 90 days');
    }
  });

  it('lets the pupil open the document and its original file by phrase and unique id', async () => {
    const view = await t.app.inject({ url: `/api/pupil-documents/${key.phrase}/${doc.uniqueId}` });
    expect(view.statusCode).toBe(200);
    expect(view.json().feedbackItems.length).toBe(3);
    const file = await t.app.inject({ url: `/documents/${key.phrase}/${doc.uniqueId}/file` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await t.app.inject({ url: `/documents/${key.phrase}/zzzzzzzz/file` })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ url: `/api/pupil-documents/wrong-phrase-for-you/${doc.uniqueId}` }))
        .statusCode,
    ).toBe(404);
  });

  it('downloads for the teacher in each format', async () => {
    for (const [format, type] of [
      ['pdf', 'application/pdf'],
      ['annotated-pdf', 'application/pdf'],
      ['docx', 'wordprocessingml'],
    ]) {
      const response = await as('GET', `/api/documents/${doc.id}/download?format=${format}`);
      expect(response.statusCode, format).toBe(200);
      expect(response.headers['content-type']).toContain(type);
    }
    expect((await as('GET', `/api/documents/${doc.id}/download?format=exe`)).statusCode).toBe(400);
  });
});
