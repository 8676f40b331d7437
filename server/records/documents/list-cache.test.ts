import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { classroomKeys, documents, feedback, students, teachers } from '../../db/schema';
import { classroomKeyOf, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { DocumentListCache } from './list-cache';

type Listed = {
  id: number;
  title: string;
  status: string;
  feedbackCount: number;
  studentName: string | null;
  documentPath: string | null;
};

describe.each(testBackends())('documents list kept in memory on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let pupilId: number;
  let documentId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    await classroomKeyOf(t, owner.cookie);
    const [pupil] = await t.ctx.db
      .insert(students)
      .values({ teacherId: owner.teacher.id, name: 'Zora', surname: 'Quill' })
      .returning();
    pupilId = pupil!.id;
    const [document] = await t.ctx.db
      .insert(documents)
      .values({
        uniqueId: 'cache001',
        teacherId: owner.teacher.id,
        studentId: pupilId,
        title: 'Rivers',
        author: 'Zora',
      })
      .returning();
    documentId = document!.id;
  });
  afterAll(async () => t?.close());

  const list = async (cookie = owner.cookie): Promise<Listed[]> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/documents',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const only = async () => (await list()).find((row) => row.id === documentId)!;

  // Each change is written straight to the database, as another app instance or a worker
  // would make it: no code path of this instance is told about it.
  it('answers every change the list shows, whoever made it', async () => {
    expect(await only()).toMatchObject({ title: 'Rivers', feedbackCount: 0 });
    await only(); // kept

    const { db } = t.ctx;
    await db
      .update(documents)
      .set({ title: 'Rivers and seas' })
      .where(eq(documents.id, documentId));
    expect((await only()).title).toBe('Rivers and seas');

    await db.update(documents).set({ status: 'reviewed' }).where(eq(documents.id, documentId));
    expect((await only()).status).toBe('reviewed');

    await db.insert(feedback).values({
      teacherId: owner.teacher.id,
      documentId,
      type: 'text',
      content: 'Lovely verbs',
      highlightId: 'h1',
    });
    expect((await only()).feedbackCount).toBe(1);

    await db.update(students).set({ name: 'Zoë' }).where(eq(students.id, pupilId));
    expect((await only()).studentName).toBe('Zoë Quill');

    await db
      .update(classroomKeys)
      .set({ keyPhrase: 'maple-otter-lamp-drum' })
      .where(eq(classroomKeys.teacherId, owner.teacher.id));
    expect((await only()).documentPath).toBe('/documents/maple-otter-lamp-drum/cache001');

    await db.delete(feedback).where(eq(feedback.documentId, documentId));
    expect((await only()).feedbackCount).toBe(0);

    await db.delete(documents).where(eq(documents.id, documentId));
    expect((await list()).map((row) => row.id)).not.toContain(documentId);
  });

  it('never answers one teacher with another’s list', async () => {
    const stranger = await signedInTeacher(t, 'Ada');
    await t.ctx.db.insert(documents).values({
      uniqueId: 'cache002',
      teacherId: owner.teacher.id,
      title: 'Owner only',
      author: 'Zora',
    });
    expect((await list()).map((row) => row.title)).toContain('Owner only');
    expect(await list(stranger.cookie)).toEqual([]);
  });

  it('builds a page once per version and again after any change', async () => {
    const cache = new DocumentListCache(t.ctx.db);
    let builds = 0;
    const build = async () => {
      builds += 1;
      return { body: `[${builds}]`, total: builds, nextCursor: null };
    };
    expect((await cache.page(owner.teacher.id, 'all', build)).body).toBe('[1]');
    expect((await cache.page(owner.teacher.id, 'all', build)).body).toBe('[1]');
    expect((await cache.page(owner.teacher.id, 'new', build)).body).toBe('[2]');
    expect(cache.stats).toEqual({ hits: 1, misses: 2 });

    await t.ctx.db.insert(documents).values({
      uniqueId: 'cache003',
      teacherId: owner.teacher.id,
      title: 'New',
      author: 'Zora',
    });
    expect((await cache.page(owner.teacher.id, 'all', build)).body).toBe('[3]');
    cache.close();
  });

  it('builds a page once for requests that miss together, and again after a failed build', async () => {
    const cache = new DocumentListCache(t.ctx.db);
    let builds = 0;
    let fail = true;
    let release = () => {};
    const build = async () => {
      builds += 1;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      if (fail) throw new Error('database unavailable');
      return { body: `[${builds}]`, total: builds, nextCursor: null };
    };
    // Five requests at once; the build finishes only once all five have missed.
    const together = async (misses: number) => {
      const requests = Array.from({ length: 5 }, () => cache.page(owner.teacher.id, 'all', build));
      await vi.waitFor(() => expect(cache.stats.misses).toBe(misses));
      release();
      return Promise.allSettled(requests);
    };
    const failed = await together(5);
    expect(failed.map((outcome) => outcome.status)).toEqual(Array(5).fill('rejected'));
    expect(builds).toBe(1);

    fail = false;
    const pages = await together(10);
    expect(pages.map((page) => page.status === 'fulfilled' && page.value.body)).toEqual(
      Array(5).fill('[2]'),
    );
    expect(builds).toBe(2);
    cache.close();
  });

  it('forgets pages after five minutes', async () => {
    let clock = 0;
    const cache = new DocumentListCache(t.ctx.db, () => clock);
    let builds = 0;
    const build = async () => ({ body: String(++builds), total: 0, nextCursor: null });
    await cache.page(owner.teacher.id, 'all', build);
    clock = 4 * 60 * 1000;
    expect((await cache.page(owner.teacher.id, 'all', build)).body).toBe('1');
    clock = 5 * 60 * 1000 + 1;
    expect((await cache.page(owner.teacher.id, 'all', build)).body).toBe('2');
    cache.close();
  });

  it('lets a teacher with documents be deleted (nothing left to bump)', async () => {
    const leaving = await signedInTeacher(t, 'Leaving');
    await t.ctx.db.insert(documents).values({
      uniqueId: 'cache004',
      teacherId: leaving.teacher.id,
      title: 'Gone soon',
      author: 'Zora',
    });
    await t.ctx.db.delete(teachers).where(eq(teachers.id, leaving.teacher.id));
    const left = await t.ctx.db.execute(
      sql`select count(*)::int as n from documents where teacher_id = ${leaving.teacher.id}`,
    );
    expect((left as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });
});
