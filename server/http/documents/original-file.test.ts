import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { links } from '../../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/** The page view's file addresses: each answers exactly as the view it belongs to. */
describe.each(testBackends())('the pupil’s original file for the page view on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let other: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };
  let pdf: { id: number; uniqueId: string };
  let photo: { id: number; uniqueId: string };

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    other = await signedInTeacher(t, 'Ada');
    key = await classroomKeyOf(t, owner.cookie);
    pdf = (await handIn(t, key.keyId, { firstName: 'Maya' })).json();
    photo = (
      await handIn(t, key.keyId, {
        firstName: 'Tom',
        title: 'Worksheet',
        file: { bytes: fixture('homework.png'), name: 'homework.png' },
      })
    ).json();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, cookie?: string) =>
    t.app.inject({ url, headers: cookie ? { cookie } : {} });

  const expectInlineFile = (
    response: Awaited<ReturnType<typeof get>>,
    type: string,
    magic: string,
  ) => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers['content-disposition'])).toMatch(/^inline;/);
    expect(response.rawPayload.subarray(0, magic.length).toString('latin1')).toBe(magic);
  };

  it('serves the teacher their own pupil’s PDF and photo, and another teacher a 404', async () => {
    expectInlineFile(
      await get(`/api/documents/${pdf.id}/original`, owner.cookie),
      'application/pdf',
      '%PDF-',
    );
    expectInlineFile(
      await get(`/api/documents/${photo.id}/original`, owner.cookie),
      'image/png',
      '\x89PNG',
    );
    const summary = (await get(`/api/documents/${pdf.id}`, owner.cookie)).json();
    expect(summary.originalKind).toBe('pdf');
    expect((await get(`/api/documents/${photo.id}`, owner.cookie)).json().originalKind).toBe(
      'image',
    );

    const stranger = await get(`/api/documents/${pdf.id}/original`, other.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(
      (await get(`/api/documents/${pdf.id}`, other.cookie)).json().message,
    );
    expect((await get(`/api/documents/${pdf.id}/original`)).statusCode).toBe(401);
    expect((await get('/api/documents/999999/original', owner.cookie)).statusCode).toBe(404);
  });

  it('serves the pupil their file by phrase and unique id, and nothing on a wrong address', async () => {
    const base = `/api/pupil-documents/${key.phrase}/${pdf.uniqueId}`;
    expectInlineFile(await get(`${base}/original`), 'application/pdf', '%PDF-');
    expect((await get(base)).json().document.originalKind).toBe('pdf');
    for (const wrong of [
      `/api/pupil-documents/wrong-phrase-for-you/${pdf.uniqueId}/original`,
      `/api/pupil-documents/${key.phrase}/zzzzzzzz/original`,
      `/api/pupil-documents/${key.phrase}/${'x'.repeat(40)}/original`,
    ]) {
      const answer = await get(wrong);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toBe(
        'This document could not be found. Check the address with your teacher.',
      );
    }
  });

  it('serves a live share link’s file, and answers a revoked or expired one as the view does', async () => {
    const share = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/documents/${photo.id}/share-feedback`,
          headers: { cookie: owner.cookie },
          payload: { sendEmail: false },
        })
      )
        .json()
        .shareableLink.split('/')
        .pop() as string;

    const live = await share();
    expectInlineFile(await get(`/api/feedback-view/${live}/original`), 'image/png', '\x89PNG');
    expect((await get(`/api/feedback-view/${live}`)).json().document.originalKind).toBe('image');

    const [link] = await t.ctx.db.select().from(links).where(eq(links.documentId, photo.id));
    await t.app.inject({
      method: 'POST',
      url: `/api/share-links/${link!.id}/revoke`,
      headers: { cookie: owner.cookie },
    });
    const view = await get(`/api/feedback-view/${live}`);
    const file = await get(`/api/feedback-view/${live}/original`);
    expect(view.statusCode).toBe(404);
    expect(file.statusCode).toBe(404);
    expect(file.json()).toEqual(view.json());

    const expiring = await share();
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(links.documentId, photo.id));
    const expiredView = await get(`/api/feedback-view/${expiring}`);
    const expiredFile = await get(`/api/feedback-view/${expiring}/original`);
    expect(expiredFile.statusCode).toBe(404);
    expect(expiredFile.json()).toEqual(expiredView.json());
    expect((await get('/api/feedback-view/made-up/original')).statusCode).toBe(404);
  });
});
