import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, links, linkViews } from '../../db/schema';
import { signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';
import { createLink } from './links';
import { type FirstOpening, LinkViewRecorder } from './view-recorder';

/*
 * Openings of a link are written a moment after the answer, together: every one is kept,
 * a link's first opening is told once however the views are batched, and a link deleted
 * meanwhile keeps none.
 */
describe.each(testBackends())('the log of link openings on %s', (backend) => {
  let t: TestApp;
  let teacherId: number;
  let documentId: number;

  beforeAll(async () => {
    t = await startTestApp(backend);
    teacherId = (await signedInTeacher(t)).teacher.id;
    const [doc] = await t.ctx.db
      .insert(documents)
      .values({ uniqueId: 'vr12345', teacherId, title: 'Essay', author: 'Maya' })
      .returning();
    documentId = doc!.id;
  });
  afterAll(async () => t?.close());

  const newLink = async () =>
    (
      await t.ctx.db.transaction((tx) =>
        createLink(tx, {
          teacherId,
          subject: { kind: 'feedback', documentId },
          recipientName: null,
          recipientEmail: null,
          expiryDays: 7,
        }),
      )
    ).link;
  const viewsOf = (linkId: number) =>
    t.ctx.db.select().from(linkViews).where(eq(linkViews.linkId, linkId));

  it('writes every opening in one batch, and tells each link’s first opening once', async () => {
    const told: FirstOpening[] = [];
    let after = 0;
    const recorder = new LinkViewRecorder(t.ctx.db, {
      flushMs: 60_000,
      onFirstOpening: async (_tx, opened) => void told.push(...opened),
      afterFirstOpenings: () => {
        after += 1;
      },
      log: t.ctx.log,
    });
    const [a, b] = [await newLink(), await newLink()];
    for (let i = 0; i < 5; i++) recorder.note(a.id);
    recorder.note(b.id);
    expect(await viewsOf(a.id)).toHaveLength(0);
    await recorder.flush();
    expect(await viewsOf(a.id)).toHaveLength(5);
    expect(await viewsOf(b.id)).toHaveLength(1);
    expect(told.map((opening) => opening.link.id).sort()).toEqual([a.id, b.id].sort());
    expect(after).toBe(1);

    recorder.note(a.id);
    await recorder.flush();
    expect(await viewsOf(a.id)).toHaveLength(6);
    expect(told).toHaveLength(2);
  });

  it('writes on its own within flushMs, and what it holds when closed', async () => {
    const recorder = new LinkViewRecorder(t.ctx.db, { flushMs: 20, log: t.ctx.log });
    const link = await newLink();
    recorder.note(link.id);
    for (let i = 0; i < 50 && (await viewsOf(link.id)).length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await viewsOf(link.id)).toHaveLength(1);
    const closing = new LinkViewRecorder(t.ctx.db, { flushMs: 60_000, log: t.ctx.log });
    closing.note(link.id);
    await closing.close();
    expect(await viewsOf(link.id)).toHaveLength(2);
  });

  it('holds a batch the database refused and writes it with the next', async () => {
    let away = true;
    const flaky = {
      transaction: (...args: Parameters<typeof t.ctx.db.transaction>) =>
        away
          ? Promise.reject(new Error('Connection terminated unexpectedly'))
          : t.ctx.db.transaction(...args),
    } as unknown as typeof t.ctx.db;
    const told: FirstOpening[] = [];
    const recorder = new LinkViewRecorder(flaky, {
      flushMs: 60_000,
      onFirstOpening: async (_tx, opened) => void told.push(...opened),
      log: t.ctx.log,
    });
    const link = await newLink();
    recorder.note(link.id);
    recorder.note(link.id);
    await recorder.flush();
    expect(await viewsOf(link.id)).toHaveLength(0);
    away = false;
    recorder.note(link.id);
    await recorder.close();
    expect(await viewsOf(link.id)).toHaveLength(3);
    expect(told.map((opening) => opening.link.id)).toEqual([link.id]);
  });

  it('keeps no view of a link deleted before its openings were written', async () => {
    const recorder = new LinkViewRecorder(t.ctx.db, { flushMs: 60_000, log: t.ctx.log });
    const [gone, kept] = [await newLink(), await newLink()];
    recorder.note(gone.id);
    recorder.note(kept.id);
    await t.ctx.db.delete(links).where(eq(links.id, gone.id));
    await recorder.flush();
    expect(await viewsOf(gone.id)).toHaveLength(0);
    expect(await viewsOf(kept.id)).toHaveLength(1);
  });
});
