import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { documents, jobs } from '../../db/schema';
import { classroomKeyOf, handIn, signedInTeacher } from '../../test/fixtures';
import { startTestApp, type TestApp, testBackends } from '../../test/harness';

/** The ids the next hand-ins draw, in turn; empty: a random one, as in production. */
const drawn = vi.hoisted(() => ({ next: [] as string[] }));
vi.mock('../../records/documents/unique-id', async (original) => {
  const actual = await original<typeof import('../../records/documents/unique-id')>();
  return { ...actual, newUniqueId: () => drawn.next.shift() ?? actual.newUniqueId() };
});

describe.each(testBackends())('a document’s unique id on %s', (backend) => {
  let t: TestApp;
  let keyId: string;

  beforeAll(async () => {
    t = await startTestApp(backend);
    const teacher = await signedInTeacher(t, 'Grace');
    keyId = (await classroomKeyOf(t, teacher.cookie)).keyId;
  });
  afterAll(async () => t?.close());

  it('an id that is taken already is drawn again, in the same transaction', async () => {
    drawn.next = ['takenid1'];
    const first = await handIn(t, keyId, { firstName: 'Maya', surnameInitials: 'pa' });
    expect(first.json().uniqueId).toBe('takenid1');

    drawn.next = ['takenid1', 'takenid1', 'freshid2'];
    const second = await handIn(t, keyId, { firstName: 'Omar', surnameInitials: 'kh' });
    expect(second.statusCode).toBe(200);
    expect(second.json().uniqueId).toBe('freshid2');

    // One document and one extraction job each: the clashing tries left nothing behind.
    const rows = await t.ctx.db.select().from(documents).where(eq(documents.uniqueId, 'takenid1'));
    expect(rows).toHaveLength(1);
    const queued = await t.ctx.db.select().from(jobs).where(eq(jobs.kind, 'extract-text'));
    expect(queued.map((job) => (job.payload as { documentId: number }).documentId).sort()).toEqual(
      [first.json().id, second.json().id].sort(),
    );
  });
});
