import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, throttleBuckets } from '../db/schema';
import { classroomKeyOf, fixture, handIn, signedInTeacher, upload } from '../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../test/harness';
import { sweep } from './housekeeping';

describe.each(testBackends())('housekeeping on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(async () => t?.close());

  it('removes uploads never handed in after a day, and keeps everything in use', async () => {
    const { cookie } = await signedInTeacher(t);
    const { keyId } = await classroomKeyOf(t, cookie);
    const handedIn = (await handIn(t, keyId)).json();
    const stray = (
      await upload(t, { bytes: fixture('essay.pdf'), name: 'essay.pdf' }, { classroomKeyId: keyId })
    ).json();
    const strayId = stray.fileUrl.split('/').pop();
    const [strayRow] = await t.ctx.db.select().from(files).where(eq(files.id, strayId));

    // Within the day nothing goes.
    await sweep(t.ctx.db, t.ctx.files);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, strayId))).toHaveLength(1);

    const tomorrow = new Date(Date.now() + 25 * 60 * 60 * 1000);
    const result = await sweep(t.ctx.db, t.ctx.files, tomorrow);
    expect(result.orphanFiles).toBe(1);
    expect(await t.ctx.db.select().from(files).where(eq(files.id, strayId))).toHaveLength(0);
    expect(await t.ctx.files.stat(strayRow!.storageKey)).toBeNull();
    const document = (
      await t.app.inject({ url: `/api/documents/${handedIn.id}`, headers: { cookie } })
    ).json();
    expect((await t.app.inject({ url: document.filePath, headers: { cookie } })).statusCode).toBe(
      200,
    );
  });

  it('forgets elapsed throttle windows', async () => {
    await t.ctx.throttle.hit(
      'test:old',
      { limit: 5, windowMs: 60_000 },
      new Date(Date.now() - 2 * 86_400_000),
    );
    await t.ctx.throttle.hit('test:new', { limit: 5, windowMs: 60_000 });
    await sweep(t.ctx.db, t.ctx.files);
    const keys = (await t.ctx.db.select().from(throttleBuckets)).map((b) => b.key);
    expect(keys).not.toContain('test:old');
    expect(keys).toContain('test:new');
  });
});
