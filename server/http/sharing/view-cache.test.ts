import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, links, teachers } from '../../db/schema';
import { SharedViewCache } from '../../records/sharing';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/*
 * A parent's feedback page is answered from memory (decision 0054) until anything it shows
 * changes. Each change here is made the way the product makes it, or straight in the
 * database where the product has no other path, and the very next opening must show it.
 */
describe.each(testBackends())('a shared feedback page kept in memory on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let key: { phrase: string; keyId: string };

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Ada');
    key = await classroomKeyOf(t, owner.cookie);
  });
  afterAll(async () => t?.close());

  const as = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: owner.cookie },
      ...(payload ? { payload } : {}),
    });

  /** A handed-in document with one comment, shared: its id and the link's key. */
  async function sharedDocument(comment = 'Lovely opening line') {
    const doc = (await handIn(t, key.keyId, { firstName: 'Omar', surnameInitials: 'BK' })).json();
    await t.ctx.jobs.drain();
    const saved = await as('POST', `/api/documents/${doc.id}/feedback`, {
      type: 'text',
      content: comment,
      pageNumber: 1,
      highlightedText: 'lighthouse',
    });
    expect(saved.statusCode).toBe(200);
    const shared = await as('POST', `/api/documents/${doc.id}/share-feedback`, {
      sendEmail: false,
    });
    const accessKey: string = shared.json().shareableLink.split('/').pop();
    return { doc, accessKey, feedbackId: saved.json().id as number };
  }
  const open = (accessKey: string) => t.app.inject({ url: `/api/feedback-view/${accessKey}` });

  it('builds a page once and answers later openings from memory, until it changes', async () => {
    const { doc, accessKey } = await sharedDocument();
    const cache = new SharedViewCache(t.ctx);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { linkId: 1, expiresAt: new Date(Date.now() + 60_000), body: `{"n":${builds}}` };
    };
    expect((await cache.open(accessKey, build)).body).toBe('{"n":1}');
    expect((await cache.open(accessKey, build)).body).toBe('{"n":1}');
    expect(cache.stats).toEqual({ hits: 1, misses: 1 });
    // Any change the page shows: here, the title.
    await as('PUT', `/api/documents/${doc.id}`, { title: 'Renamed' });
    expect((await cache.open(accessKey, build)).body).toBe('{"n":2}');
    cache.close();
  });

  it('stops answering a link the moment its time is up, without a database change', async () => {
    const { accessKey } = await sharedDocument();
    let clock = Date.now();
    const cache = new SharedViewCache(t.ctx, () => clock);
    const expiresAt = new Date(clock + 1_000);
    const build = async () => ({ linkId: 1, expiresAt, body: '{}' });
    await cache.open(accessKey, build);
    clock += 1_000;
    await expect(cache.open(accessKey, build)).rejects.toMatchObject({ statusCode: 404 });
    cache.close();
  });

  it('shows a re-shared comment, a new mark and a renamed teacher at the next opening', async () => {
    const { doc, accessKey, feedbackId } = await sharedDocument('First thoughts');
    expect((await open(accessKey)).json().feedbackItems[0].content).toBe('First thoughts');
    expect((await open(accessKey)).json().teacherName).toBe('Ada Hopper');

    await as('PUT', `/api/feedback/${feedbackId}`, { content: 'Second thoughts' });
    await as('PUT', `/api/documents/${doc.id}/mark`, { mark: '17/20', rubric: [] });
    await as('POST', `/api/documents/${doc.id}/share-feedback`, { sendEmail: false });
    const after = (await open(accessKey)).json();
    expect(after.feedbackItems[0].content).toBe('Second thoughts');
    expect(after.mark).toMatchObject({ mark: '17/20' });

    await t.ctx.db
      .update(teachers)
      .set({ lastName: 'Lovelace' })
      .where(eq(teachers.id, owner.teacher.id));
    expect((await open(accessKey)).json().teacherName).toBe('Ada Lovelace');
    await t.ctx.db
      .update(teachers)
      .set({ lastName: 'Hopper' })
      .where(eq(teachers.id, owner.teacher.id));
  });

  it('never answers a revoked, shortened or deleted link from memory', async () => {
    const revoked = await sharedDocument();
    expect((await open(revoked.accessKey)).statusCode).toBe(200);
    const [link] = await t.ctx.db.select().from(links).where(eq(links.documentId, revoked.doc.id));
    expect((await as('POST', `/api/share-links/${link!.id}/revoke`)).statusCode).toBe(200);
    expect((await open(revoked.accessKey)).statusCode).toBe(404);

    const shortened = await sharedDocument();
    expect((await open(shortened.accessKey)).statusCode).toBe(200);
    await t.ctx.db
      .update(links)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(links.documentId, shortened.doc.id));
    expect((await open(shortened.accessKey)).statusCode).toBe(404);

    const deleted = await sharedDocument();
    expect((await open(deleted.accessKey)).statusCode).toBe(200);
    expect((await as('DELETE', `/api/documents/${deleted.doc.id}`)).statusCode).toBe(200);
    expect((await open(deleted.accessKey)).statusCode).toBe(404);
    const gone = await t.ctx.db.select().from(documents).where(eq(documents.id, deleted.doc.id));
    expect(gone).toHaveLength(0);
  });

  it('records every opening answered from memory, and none for a HEAD', async () => {
    const { doc, accessKey } = await sharedDocument();
    for (let i = 0; i < 5; i += 1) expect((await open(accessKey)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/api/feedback-view/${accessKey}` })).statusCode,
    ).toBe(200);
    await t.ctx.linkViews.flush();
    const listed = (await as('GET', `/api/documents/${doc.id}/share-links`)).json();
    expect(listed[0].viewCount).toBe(5);
  });
});
