import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, feedback, files, links } from '../../db/schema';
import { newStorageKey } from '../../platform/file-store';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { firstLink, startSmtpCapture } from '../../test/smtp-capture';
import { runRetention } from './purge';

const DAY = 86_400_000;

describe.each(testBackends())('retention purge on %s', (backend) => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

  beforeAll(async () => {
    smtp = await startSmtpCapture();
    t = await startTestApp(backend, { SMTP_URL: smtp.url, PUBLIC_URL: 'http://cv.test' });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('warns a week before, then deletes old hand-ins with their feedback, recordings, links and files', async () => {
    const { teacher, cookie } = await signedInTeacher(t, 'Ada');
    const other = await signedInTeacher(t, 'Bea');
    const key = await classroomKeyOf(t, cookie);
    const otherKey = await classroomKeyOf(t, other.cookie);
    const old = (await handIn(t, key.keyId, { firstName: 'Maya', surnameInitials: 'PA' })).json();
    const recent = (await handIn(t, key.keyId, { firstName: 'Leo', surnameInitials: 'KO' })).json();
    const othersOld = (await handIn(t, otherKey.keyId, { firstName: 'Sam' })).json();
    await t.ctx.jobs.drain();

    // An audio comment on the old work: its recording must go too.
    const audioFile = `retention-audio-${teacher.id}`;
    const audioKey = newStorageKey('webm');
    await t.ctx.files.put(audioKey, new Uint8Array([1, 2, 3]));
    await t.ctx.db.insert(files).values({
      id: audioFile,
      teacherId: teacher.id,
      storageKey: audioKey,
      originalName: 'feedback.webm',
      contentType: 'audio/webm',
      sizeBytes: 3,
      sha256: 'x',
      uploadedBy: 'teacher',
    });
    await t.ctx.db.insert(feedback).values({
      teacherId: teacher.id,
      documentId: old.id,
      type: 'audio',
      highlightId: 'hl-1',
      audioFileId: audioFile,
    });
    await t.ctx.db.insert(links).values({
      kind: 'feedback',
      teacherId: teacher.id,
      documentId: old.id,
      keyHash: `retention-${teacher.id}`,
      expiresAt: new Date(Date.now() + 30 * DAY),
    });

    const put = (who: string, payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: who }, payload });
    expect((await put(cookie, { retentionYears: 1 })).statusCode).toBe(200);
    // The other teacher keeps work for ever (the default): their old work stays.

    // Moved clock: "now" is a year and three days after the old hand-in.
    const [oldRow] = await t.ctx.db.select().from(documents).where(eq(documents.id, old.id));
    const handedIn = oldRow!.createdAt;
    await t.ctx.db
      .update(documents)
      .set({ createdAt: new Date(handedIn.getTime() - 400 * DAY) })
      .where(eq(documents.id, othersOld.id));
    const now = new Date(handedIn.getTime() + 368 * DAY);
    await t.ctx.db
      .update(documents)
      .set({ createdAt: new Date(now.getTime() - 200 * DAY) })
      .where(eq(documents.id, recent.id));
    const [fileRow] = await t.ctx.db.select().from(files).where(eq(files.id, oldRow!.fileId!));

    // First run: overdue but never announced, so only the notice goes out.
    expect(await runRetention(t.ctx, now)).toMatchObject({ noticed: 1, purged: 0 });
    // Each e-mail is a deliver-mail job: the test runs the queued jobs, then looks.
    await t.ctx.jobs.drain();
    const mail = await smtp.waitForMail(teacher.email, /will be deleted in a week/);
    expect(mail.subject).toBe("1 piece of pupils' work will be deleted in a week");
    expect(mail.text).toContain('Your retention period is 1 year after hand-in.');
    expect(mail.text).not.toMatch(/Maya|Lighthouse/);
    expect(firstLink(mail.text)).toBe('http://cv.test/teacher/documents');
    // A rerun the same day neither repeats the notice nor purges.
    expect(await runRetention(t.ctx, new Date(now.getTime() + 3_600_000))).toMatchObject({
      noticed: 0,
      purged: 0,
    });

    // Six days later: still there. Eight days later: gone, with everything hanging off it.
    expect((await runRetention(t.ctx, new Date(now.getTime() + 6 * DAY))).purged).toBe(0);
    expect((await runRetention(t.ctx, new Date(now.getTime() + 8 * DAY))).purged).toBe(1);

    const left = await t.ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(inArray(documents.id, [old.id, recent.id, othersOld.id]));
    expect(left.map((d) => d.id).sort()).toEqual([recent.id, othersOld.id].sort());
    expect(await t.ctx.db.select().from(feedback).where(eq(feedback.documentId, old.id))).toEqual(
      [],
    );
    expect(await t.ctx.db.select().from(links).where(eq(links.documentId, old.id))).toEqual([]);
    expect(
      await t.ctx.db
        .select()
        .from(files)
        .where(inArray(files.id, [fileRow!.id, audioFile])),
    ).toEqual([]);
    expect(await t.ctx.files.stat(fileRow!.storageKey)).toBeNull();
    expect(await t.ctx.files.stat(audioKey)).toBeNull();
    expect(
      (await t.app.inject({ url: `/api/documents/${old.id}`, headers: { cookie } })).statusCode,
    ).toBe(404);
  }, 120_000);

  it('purges at most its budget in one run, the next run starting with the teachers it did not reach', async () => {
    const teachers = await Promise.all(['Dee', 'Eli', 'Fay'].map((n) => signedInTeacher(t, n)));
    const ids: number[] = [];
    let latest = new Date(0);
    for (const { cookie } of teachers) {
      const key = await classroomKeyOf(t, cookie);
      for (const firstName of ['Ann', 'Bob']) {
        const doc = (await handIn(t, key.keyId, { firstName })).json();
        ids.push(doc.id);
      }
      await t.app.inject({
        method: 'PUT',
        url: '/api/settings',
        headers: { cookie },
        payload: { retentionYears: 1 },
      });
    }
    await t.ctx.jobs.drain();
    for (const row of await t.ctx.db.select().from(documents).where(inArray(documents.id, ids))) {
      if (row.createdAt > latest) latest = row.createdAt;
    }
    const now = new Date(latest.getTime() + 400 * DAY);
    await runRetention(t.ctx, now);
    const later = new Date(now.getTime() + 8 * DAY);
    const left = async () =>
      (await t.ctx.db.select().from(documents).where(inArray(documents.id, ids))).length;
    expect((await runRetention(t.ctx, later, 4)).purged).toBe(4);
    expect(await left()).toBe(2);
    expect((await runRetention(t.ctx, later, 4)).purged).toBe(2);
    expect(await left()).toBe(0);
  }, 120_000);

  it('gives a fresh week of notice when the period changes', async () => {
    const { cookie } = await signedInTeacher(t, 'Cora');
    const key = await classroomKeyOf(t, cookie);
    const doc = (await handIn(t, key.keyId, { firstName: 'Maya' })).json();
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie }, payload });
    await put({ retentionYears: 3 });
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    const now = new Date(row!.createdAt.getTime() + (3 * 365 + 5) * DAY);
    expect((await runRetention(t.ctx, now)).noticed).toBeGreaterThanOrEqual(1);
    // Switched off and on again: the old notice no longer counts.
    await put({ retentionYears: 0 });
    await put({ retentionYears: 3 });
    const later = new Date(now.getTime() + 10 * DAY);
    await runRetention(t.ctx, later);
    expect(await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id))).toHaveLength(1);
  }, 60_000);
});
