import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENTS_NEXT_CURSOR_HEADER, DOCUMENTS_TOTAL_HEADER } from '../../../contract/documents';
import { teachers } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { sessionCookie, startTestApp, type TestApp, testBackends } from '../../test/harness';

type Row = { id: number; email: string; firstName: string | null; createdAt: string };

describe.each(testBackends())("the administrator's teacher list on %s", (backend) => {
  let t: TestApp;
  let adminCookie: string;
  // Every teacher of this file carries the tag, so searches see only them.
  const tag = `roll${randomBytes(3).toString('hex')}`;
  const ids: number[] = [];

  beforeAll(async () => {
    t = await startTestApp(backend);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/login',
      payload: { username: 'admin', password: 'admin-test-password' },
    });
    adminCookie = sessionCookie(login, 'cv_admin');
    // Seven teachers, four of them created in the same microsecond: only the id orders those.
    const same = new Date('2026-03-01T09:00:00.123Z');
    const rows = await t.ctx.db
      .insert(teachers)
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          email: `${i % 2 ? 'Grace' : 'alan'}.${tag}.${i}@school.example`,
          passwordHash: 'unused',
          firstName: i === 3 ? 'Ottoline' : 'Kit',
          lastName: i === 3 ? `Brook-${tag.toUpperCase()}` : null,
          createdAt: i < 4 ? same : new Date(Date.UTC(2026, 2, 2 + i)),
        })),
      )
      .returning({ id: teachers.id });
    ids.push(...rows.map((row) => row.id));
  });
  afterAll(async () => t?.close());

  const get = (query: string, cookie = adminCookie) =>
    t.app.inject({ method: 'GET', url: `/api/admin/users${query}`, headers: { cookie } });

  /** Follows the next-page cursor from the first page to the last. */
  async function everyPage(query: string) {
    const seen: Row[] = [];
    const totals: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 1000; pages++) {
      const answer = await get(`?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(answer.statusCode).toBe(200);
      seen.push(...answer.json<Row[]>());
      totals.push(String(answer.headers[DOCUMENTS_TOTAL_HEADER]));
      cursor = answer.headers[DOCUMENTS_NEXT_CURSOR_HEADER] as string | undefined;
      if (!cursor) return { seen, totals, pages: pages + 1 };
    }
    throw new Error('the cursor never ended');
  }

  it('pages through the matching teachers exactly once, newest first, id breaking ties', async () => {
    const { seen, totals, pages } = await everyPage(`q=${tag}&limit=3`);
    expect(pages).toBe(3);
    expect(totals).toEqual(['7', '7', '7']);
    const expected = [6, 5, 4, 3, 2, 1, 0].map((i) => ids[i]);
    expect(seen.map((row) => row.id)).toEqual(expected);
  });

  it('pages the whole list with the default size of 50, every teacher once', async () => {
    // More than one default page of teachers.
    await t.ctx.db.insert(teachers).values(
      Array.from({ length: 50 }, (_, i) => ({
        email: `extra.${i}.${randomBytes(3).toString('hex')}@school.example`,
        passwordHash: 'unused',
      })),
    );
    const [{ n } = { n: 0 }] = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(teachers);
    const first = await get('');
    expect(first.json<Row[]>()).toHaveLength(50);
    expect(first.headers[DOCUMENTS_TOTAL_HEADER]).toBe(String(n));
    expect(first.headers[DOCUMENTS_NEXT_CURSOR_HEADER]).toBeTruthy();
    const { seen } = await everyPage('limit=2');
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((row) => row.id)).size).toBe(n);
    for (const id of ids) expect(seen.some((row) => row.id === id)).toBe(true);
  });

  it('searches names and addresses whatever their case, and wildcards as characters', async () => {
    const byName = await get(`?q=${encodeURIComponent(`ottoline brook-${tag}`)}`);
    expect(byName.json<Row[]>().map((row) => row.id)).toEqual([ids[3]]);
    expect(byName.headers[DOCUMENTS_TOTAL_HEADER]).toBe('1');
    expect(byName.headers[DOCUMENTS_NEXT_CURSOR_HEADER]).toBeUndefined();

    const byEmail = await get(`?q=${encodeURIComponent(`GRACE.${tag.toUpperCase()}`)}`);
    expect(byEmail.json<Row[]>().map((row) => row.id)).toEqual([ids[5], ids[3], ids[1]]);

    const wildcard = await get(`?q=${encodeURIComponent(`%${tag}`)}`);
    expect(wildcard.json()).toEqual([]);
    expect(wildcard.headers[DOCUMENTS_TOTAL_HEADER]).toBe('0');
  });

  it('refuses a bad size or cursor with a clear message', async () => {
    for (const [query, message] of [
      ['?limit=0', 'limit must be at least 1'],
      ['?limit=101', 'limit must be at most 100'],
      ['?limit=ten', 'limit must be a whole number'],
      ['?limit=2.5', 'limit must be a whole number'],
      ['?cursor=not-a-cursor', 'Invalid cursor'],
      [`?q=${'x'.repeat(201)}`, 'Search must be at most 200 characters'],
    ] as const) {
      const answer = await get(query);
      expect(answer.statusCode, query).toBe(400);
      expect(answer.json().message, query).toBe(message);
    }
  });

  it('counts teachers, verified and blocked for the dashboard', async () => {
    const answer = await get('/summary');
    expect(answer.statusCode).toBe(200);
    const all = await t.ctx.db.select().from(teachers);
    expect(answer.json()).toEqual({
      teachers: all.length,
      verified: all.filter((row) => row.emailVerifiedAt).length,
      blocked: all.filter((row) => row.blockedAt).length,
    });
  });

  it('answers nobody but the administrator', async () => {
    const teacher = await signedInTeacher(t, 'Nosy');
    for (const cookie of ['', teacher.cookie]) {
      for (const query of [`?q=${tag}`, '/summary']) {
        const answer = await get(query, cookie);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().code).toBe('admin_required');
      }
    }
  });
});
