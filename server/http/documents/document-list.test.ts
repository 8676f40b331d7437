import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, students } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

type Listed = { id: number; title: string; status: string; feedbackCount: number };

describe.each(testBackends())('documents list pages on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;
  const statuses = ['new', 'under review', 'reviewed', 'shared'] as const;
  const TOTAL = 130;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
    const [pupil] = await t.ctx.db
      .insert(students)
      .values({ teacherId: owner.teacher.id, name: 'Zora', surname: 'Quill' })
      .returning();
    // Ten hand-ins share each millisecond and differ only in microseconds, the case a
    // millisecond cursor would skip.
    const base = Date.UTC(2026, 0, 5, 9, 0, 0);
    const rows = Array.from({ length: TOTAL }, (_, i) => ({
      uniqueId: `lst${String(i).padStart(5, '0')}`,
      teacherId: owner.teacher.id,
      studentId: i % 13 === 0 ? pupil!.id : null,
      title: i === 7 ? 'Score: 50% of 100_ marks' : `Essay ${i}`,
      author: 'Someone',
      status: statuses[i % 4]!,
      extractedContent: 'word '.repeat(2000),
      createdAt: sql`${new Date(base + Math.floor(i / 10)).toISOString()}::timestamptz + make_interval(secs => ${i % 10} / 1000000.0)`,
    }));
    const inserted = await t.ctx.db
      .insert(documents)
      .values(rows as never)
      .returning({ id: documents.id, title: documents.title });
    const withFeedback = inserted.find((row) => row.title === 'Essay 3')!;
    await t.ctx.db.insert(feedback).values(
      [1, 2, 3].map((n) => ({
        teacherId: owner.teacher.id,
        documentId: withFeedback.id,
        type: 'text' as const,
        content: `Point ${n}`,
        highlightId: `h${n}`,
      })),
    );
  });
  afterAll(async () => t?.close());

  const list = (cookie: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/documents${query}`, headers: { cookie } });

  async function walk(query: string) {
    const seen: Listed[] = [];
    let cursor: string | undefined;
    for (let guard = 0; guard < 20; guard += 1) {
      const sep = query ? '&' : '?';
      const response = await list(
        owner.cookie,
        cursor ? `${query}${sep}cursor=${encodeURIComponent(cursor)}` : query,
      );
      expect(response.statusCode).toBe(200);
      seen.push(...(response.json() as Listed[]));
      cursor = response.headers['x-next-cursor'] as string | undefined;
      if (!cursor) return { seen, total: Number(response.headers['x-total-count']) };
    }
    throw new Error('paging never ended');
  }

  it('answers a page of 50, newest first, with the total and the next cursor', async () => {
    const response = await list(owner.cookie);
    expect(response.statusCode).toBe(200);
    const page = response.json() as Listed[];
    expect(page).toHaveLength(50);
    expect(response.headers['x-total-count']).toBe(String(TOTAL));
    expect(response.headers['x-next-cursor']).toBeTruthy();
    expect(page[0]!.title).toBe(`Essay ${TOTAL - 1}`);
    // The list never carries the extracted text: that comes through /extract.
    expect(response.body).not.toContain('word word');
  });

  it('walks every document exactly once, in order, across pages', async () => {
    const { seen, total } = await walk('?limit=17');
    expect(total).toBe(TOTAL);
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen.map((doc) => doc.id)).size).toBe(TOTAL);
    const expected = Array.from({ length: TOTAL }, (_, i) => TOTAL - 1 - i);
    expect(seen.map((doc) => Number(doc.title.replace(/\D+/g, '')) || 0).slice(0, 3)).toEqual(
      expected.slice(0, 3),
    );
    expect(seen.at(-1)!.title).toBe('Essay 0');
  });

  it('filters by status tab; reviewed includes shared', async () => {
    const reviewed = await walk('?tab=reviewed');
    const expected = Array.from({ length: TOTAL }, (_, i) => i % 4).filter((s) => s >= 2).length;
    expect(reviewed.total).toBe(expected);
    expect(reviewed.seen).toHaveLength(expected);
    expect(new Set(reviewed.seen.map((doc) => doc.status))).toEqual(
      new Set(['reviewed', 'shared']),
    );
    const underReview = await walk('?tab=under-review');
    expect(underReview.seen.every((doc) => doc.status === 'under review')).toBe(true);
  });

  it('searches title and pupil name case-insensitively, wildcards taken literally', async () => {
    const literal = await walk(`?q=${encodeURIComponent('50%')}`);
    expect(literal.seen.map((doc) => doc.title)).toEqual(['Score: 50% of 100_ marks']);
    const underscore = await walk(`?q=${encodeURIComponent('0_')}`);
    expect(underscore.seen).toHaveLength(1);
    const byPupil = await walk(`?q=${encodeURIComponent('zora qu')}`);
    expect(byPupil.total).toBe(Math.ceil(TOTAL / 13));
  });

  it('still gives the total on an empty page past the end of the list', async () => {
    const older = Buffer.from('1970-01-01T00:00:00.000000Z|1').toString('base64url');
    const response = await list(owner.cookie, `?tab=reviewed&cursor=${older}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    const reviewed = Array.from({ length: TOTAL }, (_, i) => i % 4).filter((s) => s >= 2).length;
    expect(response.headers['x-total-count']).toBe(String(reviewed));
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });

  it('counts feedback per document', async () => {
    const { seen } = await walk('');
    expect(seen.find((doc) => doc.title === 'Essay 3')!.feedbackCount).toBe(3);
    expect(seen.find((doc) => doc.title === 'Essay 4')!.feedbackCount).toBe(0);
  });

  it("never shows another teacher's documents", async () => {
    const response = await list(stranger.cookie);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses bad paging input with a clear 400', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?cursor=not-a-cursor',
      '?tab=archived',
      '?q=%00',
    ]) {
      const response = await list(owner.cookie, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
  });
});
