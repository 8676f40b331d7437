import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleBuckets } from '../../db/schema';
import { WRONG_PHRASES_PER_ADDRESS } from '../../records/pupil-access';
import { classroomKeyOf, fixture, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { PHRASE_CONFLICTS_PER_TEACHER } from '../classroom';
import { PUPIL_UPLOADS_PER_CLASSROOM, PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS } from '../uploads';

/* Throttles, filled close to their limits directly so each test sends a few requests. */
describe.each(testBackends())('throttles on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  const spend = (key: string, count: number) =>
    t.ctx.db.insert(throttleBuckets).values({ key, windowStart: new Date(), count });
  const verify = (keyPhrase: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/student-portal/verify-key',
      payload: { keyPhrase },
      remoteAddress,
    });

  it('allows 200 wrong phrases per address per 15 minutes, as decision 0005 says', async () => {
    expect(WRONG_PHRASES_PER_ADDRESS).toEqual({ limit: 200, windowMs: 15 * 60_000 });
    const { cookie } = await signedInTeacher(t);
    const { phrase } = await classroomKeyOf(t, cookie);
    await spend('pupil-key:ip:10.0.0.1', 199);
    expect((await verify('wrong-guess-blue-river', '10.0.0.1')).statusCode).toBe(404);
    expect((await verify(phrase, '10.0.0.1')).statusCode).toBe(429);
    // Another address is not affected.
    expect((await verify(phrase, '10.0.0.2')).statusCode).toBe(200);
  });

  it('keeps one address to its share of the class upload allowance', async () => {
    // No two addresses can take the whole class's allowance between them.
    expect(2 * PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS.limit).toBeLessThan(
      PUPIL_UPLOADS_PER_CLASSROOM.limit,
    );
    const { teacher, cookie } = await signedInTeacher(t);
    const { keyId } = await classroomKeyOf(t, cookie);
    const send = (remoteAddress: string) => {
      const form = new FormData();
      form.append('classroomKeyId', keyId);
      form.append('file', new Blob([new Uint8Array(fixture('essay.pdf'))]), 'essay.pdf');
      return t.app.inject({ method: 'POST', url: '/api/uploads', payload: form, remoteAddress });
    };
    const share = PUPIL_UPLOADS_PER_CLASSROOM_AND_ADDRESS.limit;
    await spend(`upload:teacher:${teacher.id}:ip:10.0.1.1`, share - 1);
    await spend(`upload:teacher:${teacher.id}`, share - 1);
    expect((await send('10.0.1.1')).statusCode).toBe(200);
    const refused = await send('10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many attempts/);
    // A classmate elsewhere still hands in: the refused upload spent nothing of the class's.
    expect((await send('10.0.1.2')).statusCode).toBe(200);
    const [classBucket] = await t.ctx.db
      .select()
      .from(throttleBuckets)
      .where(eq(throttleBuckets.key, `upload:teacher:${teacher.id}`));
    expect(classBucket?.count).toBe(share + 1);
  });

  it('counts an upload once it is stored: a failure on the server’s side spends nothing', async () => {
    const { teacher, cookie } = await signedInTeacher(t);
    const { keyId } = await classroomKeyOf(t, cookie);
    const form = new FormData();
    form.append('classroomKeyId', keyId);
    form.append('file', new Blob([new Uint8Array(fixture('essay.pdf'))]), 'essay.pdf');
    const put = t.ctx.files.put.bind(t.ctx.files);
    t.ctx.files.put = async () => {
      throw new Error('The disk is full');
    };
    try {
      const failed = await t.app.inject({ method: 'POST', url: '/api/uploads', payload: form });
      expect(failed.statusCode).toBe(500);
    } finally {
      t.ctx.files.put = put;
    }
    const buckets = await t.ctx.db
      .select()
      .from(throttleBuckets)
      .where(eq(throttleBuckets.key, `upload:teacher:${teacher.id}`));
    expect(buckets).toEqual([]);
  });

  it('throttles "already in use" answers per teacher', async () => {
    const owner = await signedInTeacher(t);
    const prober = await signedInTeacher(t);
    const { phrase: taken } = await classroomKeyOf(t, owner.cookie);
    const setPhrase = (classroomPhrase: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/settings/classroom-phrase',
        headers: { cookie: prober.cookie },
        payload: { classroomPhrase },
      });
    await spend(
      `phrase-conflict:teacher:${prober.teacher.id}`,
      PHRASE_CONFLICTS_PER_TEACHER.limit - 1,
    );
    expect((await setPhrase(taken)).statusCode).toBe(409);
    // Now neither a taken nor a free phrase is looked up: the answer reveals nothing.
    expect((await setPhrase(taken)).statusCode).toBe(429);
    expect((await setPhrase('quiet-otter-green-harbour')).statusCode).toBe(429);
    // Other teachers keep their own allowance.
    const other = await signedInTeacher(t);
    const free = await t.app.inject({
      method: 'POST',
      url: '/api/settings/classroom-phrase',
      headers: { cookie: other.cookie },
      payload: { classroomPhrase: taken },
    });
    expect(free.statusCode).toBe(409);
  });
});
