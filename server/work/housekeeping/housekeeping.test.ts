import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { utimes, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avatarProfiles,
  files,
  parentReports,
  throttleBuckets,
  videoRenders,
  voiceProfiles,
} from '../../db/schema';
import { newStorageKey } from '../../platform/file-store';
import { S3FileStore } from '../../platform/s3-file-store';
import { newFileId } from '../../records/uploads';
import { classroomKeyOf, fixture, handIn, signedInTeacher, upload } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { type LocalS3, startLocalS3 } from '../../test/s3-server';
import { sweep } from '.';

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

  it('keeps the files of voice and avatar profiles and of rendered videos', async () => {
    const { teacher } = await signedInTeacher(t, 'Mary');
    const stored = async (extension: string) => {
      const storageKey = newStorageKey(extension);
      await t.ctx.files.put(storageKey, Buffer.from('bytes'));
      const [row] = await t.ctx.db
        .insert(files)
        .values({
          id: newFileId(),
          teacherId: teacher.id,
          storageKey,
          originalName: `file.${extension}`,
          contentType: 'application/octet-stream',
          sizeBytes: 5,
          sha256: '0',
          uploadedBy: 'teacher',
        })
        .returning();
      return row!;
    };
    const [sample, photo, clip, recording, video, unused] = await Promise.all(
      ['wav', 'jpg', 'mp4', 'webm', 'mp4', 'jpg'].map(stored),
    );
    await t.ctx.db.insert(voiceProfiles).values({
      teacherId: teacher.id,
      name: 'Reading voice',
      description: 'Calm',
      sampleFileId: sample!.id,
      voiceId: `voice-${randomBytes(6).toString('hex')}`,
      consentAt: new Date(),
    });
    await t.ctx.db.insert(avatarProfiles).values({
      teacherId: teacher.id,
      name: 'Ms Jackson',
      imageFileId: photo!.id,
      videoFileId: clip!.id,
      consentAt: new Date(),
    });
    await t.ctx.db.insert(videoRenders).values({
      id: randomBytes(16).toString('base64url'),
      teacherId: teacher.id,
      audioFileId: recording!.id,
      videoFileId: video!.id,
    });
    // A render a report shows, which no sweep removes however old.
    const shownRenderId = randomBytes(16).toString('base64url');
    await t.ctx.db.insert(videoRenders).values({ id: shownRenderId, teacherId: teacher.id });
    await t.ctx.db.insert(parentReports).values({
      teacherId: teacher.id,
      subjects: 'Reading',
      content: 'A good term.',
      videoRenderId: shownRenderId,
    });

    await sweep(t.ctx.db, t.ctx.files, new Date(Date.now() + 25 * 60 * 60 * 1000));
    const left = new Set((await t.ctx.db.select({ id: files.id }).from(files)).map((f) => f.id));
    for (const kept of [sample, photo, clip, recording, video]) {
      expect(left.has(kept!.id)).toBe(true);
      expect(await t.ctx.files.stat(kept!.storageKey)).not.toBeNull();
    }
    expect(left.has(unused!.id)).toBe(false);
    expect(await t.ctx.files.stat(unused!.storageKey)).toBeNull();

    // A week on, the video no report uses goes (the shown one stays), and its files with it
    // at the next sweep.
    const nextWeek = new Date(Date.now() + 8 * 24 * 60 * 60 * 1000);
    await sweep(t.ctx.db, t.ctx.files, nextWeek);
    const rendersLeft = await t.ctx.db.select({ id: videoRenders.id }).from(videoRenders);
    expect(rendersLeft).toEqual([{ id: shownRenderId }]);
    await sweep(t.ctx.db, t.ctx.files, nextWeek);
    const after = new Set((await t.ctx.db.select({ id: files.id }).from(files)).map((f) => f.id));
    expect(after.has(recording!.id) || after.has(video!.id)).toBe(false);
    expect(after.has(photo!.id) && after.has(sample!.id)).toBe(true);
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

  // Ages files on disk with utimes; the S3 variant below ages them with the clock instead.
  it.skipIf(process.env.TEST_S3 === '1')(
    'removes stored bytes no row names and leftover temporary files, once a day old',
    async () => {
      const { cookie } = await signedInTeacher(t, 'Ida');
      const { keyId } = await classroomKeyOf(t, cookie);
      const handedIn = (await handIn(t, keyId)).json();
      const root = join(t.config.dataDir, 'files');
      const dayAndAHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000);
      const age = (relative: string) =>
        utimes(join(root, relative), dayAndAHourAgo, dayAndAHourAgo);

      // Bytes whose row never committed (a kill between the two), old and just written.
      const strayOld = newStorageKey('pdf');
      const strayNew = newStorageKey('pdf');
      await t.ctx.files.put(strayOld, Buffer.from('old'));
      await t.ctx.files.put(strayNew, Buffer.from('new'));
      await age(strayOld);
      // A temporary file left by a kill inside put, old and in progress.
      const folder = dirname(strayOld);
      const tempOld = `${folder}/.${randomBytes(8).toString('hex')}.tmp`;
      const tempNew = `${folder}/.${randomBytes(8).toString('hex')}.tmp`;
      await writeFile(join(root, tempOld), 'partial');
      await writeFile(join(root, tempNew), 'partial');
      await age(tempOld);
      // Every file in use, made old too: age alone never removes anything.
      const inUse = await t.ctx.db.select({ storageKey: files.storageKey }).from(files);
      for (const { storageKey } of inUse) await age(storageKey);

      const result = await sweep(t.ctx.db, t.ctx.files);
      expect(result).toMatchObject({ strayBytes: 1, temporaryFiles: 1 });
      expect(await t.ctx.files.stat(strayOld)).toBeNull();
      expect(await t.ctx.files.stat(strayNew)).not.toBeNull();
      expect(existsSync(join(root, tempOld))).toBe(false);
      expect(existsSync(join(root, tempNew))).toBe(true);
      for (const { storageKey } of inUse) expect(await t.ctx.files.stat(storageKey)).not.toBeNull();
      const document = (
        await t.app.inject({ url: `/api/documents/${handedIn.id}`, headers: { cookie } })
      ).json();
      expect((await t.app.inject({ url: document.filePath, headers: { cookie } })).statusCode).toBe(
        200,
      );
    },
  );
});

describe('housekeeping on an S3 store', () => {
  let s3: LocalS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    t = await startTestApp('pglite', s3.env);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.stop();
  });

  it('removes objects no row names once a day old, by their LastModified', async () => {
    expect(t.ctx.files).toBeInstanceOf(S3FileStore);
    const { cookie } = await signedInTeacher(t, 'Ida');
    const { keyId } = await classroomKeyOf(t, cookie);
    await handIn(t, keyId);
    const inUse = await t.ctx.db.select({ storageKey: files.storageKey }).from(files);
    expect(inUse.length).toBeGreaterThan(0);

    // Objects cannot be back-dated: the sweep's clock moves forward instead. S3 keeps
    // LastModified to the second, so the cut-off sits a second from either stray.
    const strayOld = newStorageKey('pdf');
    await t.ctx.files.put(strayOld, Buffer.from('old'));
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const cutOff = new Date();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const strayNew = newStorageKey('pdf');
    await t.ctx.files.put(strayNew, Buffer.from('new'));

    const result = await sweep(t.ctx.db, t.ctx.files, new Date(cutOff.getTime() + 86_400_000));
    // s3rver cannot list multipart uploads, so there are no abandoned ones to count.
    expect(result).toMatchObject({ strayBytes: 1, temporaryFiles: 0 });
    expect(await t.ctx.files.stat(strayOld)).toBeNull();
    expect(await t.ctx.files.stat(strayNew)).not.toBeNull();
    for (const { storageKey } of inUse) expect(await t.ctx.files.stat(storageKey)).not.toBeNull();
  });
});
