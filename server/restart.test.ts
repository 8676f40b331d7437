import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { documents, jobs, teachers } from './db/schema';
import { hashPassword } from './platform/secrets';
import { EXTRACT_TEXT_JOB } from './records/documents';
import {
  type ChildServer,
  exited,
  signIn,
  startServer as startChild,
  until,
  withDatabase as withDataDir,
} from './test/child-server';
import { fixture } from './test/fixtures';

/*
 * The real server as a child process on an embedded database: killed during an
 * extraction and started again, it resumes the job at once instead of waiting out the
 * dead process's lease; stopped with SIGTERM, it finishes its job before closing the
 * database.
 */

const EMAIL = 'restart@school.example';
const PASSWORD = 'teaching-is-fun';
const dataDir = mkdtempSync(join(tmpdir(), 'cv-restart-'));
let server: ChildServer | undefined;
const startServer = async () => {
  server = await startChild(dataDir);
  return server;
};
const withDatabase = <T>(work: Parameters<typeof withDataDir<T>>[1]) => withDataDir(dataDir, work);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** A pupil's upload and hand-in over HTTP, as the browser sends them. */
async function handIn(base: string, keyId: string, title: string) {
  const form = new FormData();
  form.append('classroomKeyId', keyId);
  form.append('file', new Blob([new Uint8Array(fixture('essay.pdf'))]), 'essay.pdf');
  const { fileUrl } = await (
    await fetch(`${base}/api/uploads`, { method: 'POST', body: form })
  ).json();
  return fetch(`${base}/api/student-portal/submit-assignment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      title,
      firstName: 'Maya',
      surnameInitials: 'PA',
      yearGroup: 'Year 6',
      fileUrl,
      classroomKeyId: keyId,
    }),
  });
}

describe('restart and shutdown of the real server (PGlite)', () => {
  it('resumes an extraction interrupted by a kill within 30 s of starting again', async () => {
    await withDatabase(async (db) => {
      await db.insert(teachers).values({
        email: EMAIL,
        passwordHash: await hashPassword(PASSWORD),
        firstName: 'Rosalind',
        lastName: 'Franklin',
        emailVerifiedAt: new Date(),
      });
    });

    const { child, base } = await startServer();
    const cookie = await signIn(base, EMAIL, PASSWORD);
    const { classroomPhrase } = await (
      await fetch(`${base}/api/settings/classroom-phrase`, { headers: { cookie } })
    ).json();
    const { id: keyId } = await (
      await fetch(`${base}/api/student-portal/verify-key`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyPhrase: classroomPhrase }),
      })
    ).json();
    const submitted = await handIn(base, keyId, 'Restart essay');
    expect(submitted.status).toBe(200);
    const { id: documentId } = await submitted.json();
    child.kill('SIGKILL');
    await exited(child);

    // The kill may land before, during or after the job ran. Whatever happened, leave the
    // database as a kill mid-extraction leaves it: the job claimed by the dead process
    // with most of its lease to run, the document not extracted.
    const interrupted = await withDatabase(async (db) => {
      const [job] = await db.select().from(jobs).where(eq(jobs.kind, EXTRACT_TEXT_JOB));
      await db
        .update(jobs)
        .set({
          status: 'running',
          attempts: 1,
          leaseUntil: new Date(Date.now() + 5 * 60_000),
          finishedAt: null,
        })
        .where(eq(jobs.id, job!.id));
      await db
        .update(documents)
        .set({ extractionStatus: 'pending' })
        .where(eq(documents.id, documentId));
      return job!.status;
    });
    console.info(`Job state at the kill: ${interrupted}`);

    const restarted = await startServer();
    const extract = async () =>
      (
        await (
          await fetch(`${restarted.base}/api/documents/${documentId}/extract`, {
            headers: { cookie },
          })
        ).json()
      ).status;
    const took = await until(async () => (await extract()) === 'done', 30_000);
    console.info(`Extracted ${took} ms after the restarted server answered`);
    // The extraction, and any periodic task (housekeeping, digests) the kill caught mid-run.
    expect(restarted.output.join('')).toMatch(
      /Resuming [1-9]\d* interrupted background job\(s\)\./,
    );

    // SIGTERM while a new extraction is under way: the runner finishes (or hands back)
    // the job before the database closes, and the process exits cleanly.
    const second = await handIn(restarted.base, keyId, 'Second essay');
    expect(second.status).toBe(200);
    const { id: secondId } = await second.json();
    restarted.child.kill('SIGTERM');
    expect(await exited(restarted.child)).toBe(0);
    const log = restarted.output.join('');
    expect(log).not.toMatch(/PGlite is closed|Job runner failed|Could not renew/);
    const left = await withDatabase(async (db) => {
      const [doc] = await db.select().from(documents).where(eq(documents.id, secondId));
      const all = await db.select().from(jobs).where(eq(jobs.kind, EXTRACT_TEXT_JOB));
      return { doc: doc!, statuses: all.map((job) => job.status) };
    });
    console.info(`After SIGTERM: document ${left.doc.extractionStatus}, jobs ${left.statuses}`);
    expect(left.statuses).not.toContain('running');
  }, 300_000);
});
