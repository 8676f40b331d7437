import { createHash, randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, files, jobs, students, teachers } from './db/schema';
import { REMOVE_STORED_FILES_JOB } from './platform/file-removal';
import { newStorageKey } from './platform/file-store';
import { hashPassword } from './platform/secrets';
import {
  type ChildServer,
  exited,
  signIn,
  startServer,
  until,
  withDatabase,
} from './test/child-server';

/*
 * The real server, killed with SIGKILL while it removes an erased pupil's
 * stored files, finishes the removal when it starts again. The pupil's rows go in the
 * erase's transaction; their bytes go through the durable remove-stored-files job, which
 * a restart picks up at once instead of waiting out the dead process's lease.
 */

const EMAIL = 'erase-restart@school.example';
const PASSWORD = 'teaching-is-fun';
/** Enough hand-ins that removing their bytes outlasts the response, so the kill lands mid-way. */
const ERASED_FILES = 4000;
const KEPT_FILES = 3;
const dataDir = mkdtempSync(join(tmpdir(), 'cv-erase-restart-'));
const storeDir = join(dataDir, 'files');
let server: ChildServer | undefined;

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const bytesOf = (name: string) => Buffer.from(`%PDF-1.4\n% hand-in ${name}\n%%EOF\n`);
const storedPath = (key: string) => join(storeDir, key);
const writeStored = (key: string, bytes: Buffer) => {
  mkdirSync(dirname(storedPath(key)), { recursive: true, mode: 0o700 });
  writeFileSync(storedPath(key), bytes, { mode: 0o600 });
};
const stillStored = (keys: string[]) => keys.filter((key) => existsSync(storedPath(key)));

/** A pupil with `count` hand-ins, each with its bytes in the data folder's file store. */
async function seedPupil(
  db: Parameters<Parameters<typeof withDatabase>[1]>[0],
  teacherId: number,
  name: string,
  count: number,
) {
  const [student] = await db
    .insert(students)
    .values({ teacherId, name, surnameInitials: 'KR', yearGroup: 'Year 5' })
    .returning();
  const keys: string[] = [];
  for (let start = 0; start < count; start += 500) {
    const fileRows = [];
    const docRows = [];
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const key = newStorageKey('pdf');
      const bytes = bytesOf(`${name}-${i}`);
      writeStored(key, bytes);
      keys.push(key);
      const fileId = randomUUID();
      fileRows.push({
        id: fileId,
        teacherId,
        storageKey: key,
        originalName: `${name}-${i}.pdf`,
        contentType: 'application/pdf',
        sizeBytes: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        uploadedBy: 'pupil' as const,
      });
      docRows.push({
        uniqueId: randomUUID().replace(/-/g, '').slice(0, 8),
        teacherId,
        studentId: student!.id,
        fileId,
        title: `Essay ${i}`,
        author: name,
        extractionStatus: 'done' as const,
      });
    }
    await db.insert(files).values(fileRows);
    await db.insert(documents).values(docRows);
  }
  return { id: student!.id, keys };
}

describe('erase interrupted by a kill, completed by a restart (PGlite)', () => {
  it('removes every stored byte of the erased pupil within 30 s of starting again', async () => {
    const seeded = await withDatabase(dataDir, async (db) => {
      const [teacher] = await db
        .insert(teachers)
        .values({
          email: EMAIL,
          passwordHash: await hashPassword(PASSWORD),
          firstName: 'Katherine',
          lastName: 'Johnson',
          emailVerifiedAt: new Date(),
        })
        .returning();
      return {
        erased: await seedPupil(db, teacher!.id, 'Nell', ERASED_FILES),
        kept: await seedPupil(db, teacher!.id, 'Otto', KEPT_FILES),
      };
    });
    const { erased, kept } = seeded;

    server = await startServer(dataDir);
    const cookie = await signIn(server.base, EMAIL, PASSWORD);
    const response = await fetch(`${server.base}/api/students/${erased.id}`, {
      method: 'DELETE',
      headers: { cookie },
    });
    // Killed as soon as the job has removed its first file (or after 10 s if it never
    // starts): the erase has answered, and the removal is under way.
    const folder = dirname(storedPath(erased.keys[0]!));
    const storedAtAnswer = readdirSync(folder).length;
    const watching = Date.now();
    while (readdirSync(folder).length === storedAtAnswer && Date.now() - watching < 10_000) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    server.child.kill('SIGKILL');
    await exited(server.child);
    expect(response.status).toBe(200);
    expect((await response.json()).erased.files).toBe(ERASED_FILES);

    // The transaction committed before the answer: the pupil's rows are gone already,
    // whatever the job had done with their bytes.
    const leftAtKill = stillStored(erased.keys).length;
    const atKill = await withDatabase(dataDir, async (db) => ({
      student: await db.select().from(students).where(eq(students.id, erased.id)),
      documents: await db.select().from(documents).where(eq(documents.studentId, erased.id)),
      files: await db
        .select({ id: files.id })
        .from(files)
        .where(inArray(files.storageKey, erased.keys)),
      jobs: await db.select().from(jobs).where(eq(jobs.kind, REMOVE_STORED_FILES_JOB)),
    }));
    expect(atKill.student).toEqual([]);
    expect(atKill.documents).toEqual([]);
    expect(atKill.files).toEqual([]);
    // The job deletes its row only after the last byte: a missing row with bytes left
    // would be bytes nobody knows to delete.
    if (atKill.jobs.length === 0) expect(leftAtKill).toBe(0);
    expect(atKill.jobs.length).toBeLessThanOrEqual(1);
    const job = atKill.jobs[0];
    if (job) {
      expect([...(job.payload as { storageKeys: string[] }).storageKeys].sort()).toEqual(
        [...erased.keys].sort(),
      );
    }
    const state = job
      ? `job ${job.status}, ${ERASED_FILES - leftAtKill} of ${ERASED_FILES} files removed`
      : 'job already finished';
    console.info(`At the kill: ${state}`);

    // Whatever the kill caught, leave the state a kill mid-removal leaves: the bytes back
    // if they had all gone, and the job claimed by the dead process with most of its
    // lease to run, so only the restart's resumption can finish it within 30 s.
    await withDatabase(dataDir, async (db) => {
      const interrupted = {
        status: 'running' as const,
        attempts: 1,
        leaseUntil: new Date(Date.now() + 5 * 60_000),
        finishedAt: null,
      };
      if (job) {
        await db.update(jobs).set(interrupted).where(eq(jobs.id, job.id));
        return;
      }
      erased.keys.forEach((key, i) => {
        writeStored(key, bytesOf(`Nell-${i}`));
      });
      await db.insert(jobs).values({
        kind: REMOVE_STORED_FILES_JOB,
        payload: { storageKeys: erased.keys },
        ...interrupted,
      });
    });
    const before = stillStored(erased.keys).length;

    server = await startServer(dataDir);
    const took = await until(async () => stillStored(erased.keys).length === 0, 30_000);
    console.info(
      `Restarted: the remaining ${before} of ${ERASED_FILES} files removed ${took} ms after the server answered`,
    );
    // The removal, and any periodic task (housekeeping, digests) the kill caught mid-run.
    expect(server.output.join('')).toMatch(/Resuming [1-9]\d* interrupted background job\(s\)\./);
    const gone = await fetch(`${server.base}/api/students/${erased.id}`, { headers: { cookie } });
    expect(gone.status).toBe(404);

    // SIGTERM lets the runner finish the job (its last step deletes its own row).
    server.child.kill('SIGTERM');
    expect(await exited(server.child)).toBe(0);
    const after = await withDatabase(dataDir, async (db) => ({
      jobs: await db.select().from(jobs).where(eq(jobs.kind, REMOVE_STORED_FILES_JOB)),
      keptFiles: await db
        .select({ key: files.storageKey })
        .from(files)
        .where(inArray(files.storageKey, kept.keys)),
      keptDocuments: await db.select().from(documents).where(eq(documents.studentId, kept.id)),
    }));
    expect(after.jobs).toEqual([]);
    // The other pupil keeps every row and every byte.
    expect(after.keptFiles).toHaveLength(KEPT_FILES);
    expect(after.keptDocuments).toHaveLength(KEPT_FILES);
    kept.keys.forEach((key, i) => {
      expect(readFileSync(storedPath(key)).equals(bytesOf(`Otto-${i}`))).toBe(true);
    });
  }, 300_000);
});
