import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { documents, jobs, teachers } from './db/schema';
import { EXTRACT_TEXT_JOB } from './modules/documents/extraction-job';
import { hashPassword } from './platform/secrets';
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
let server: { child: ChildProcess; output: string[]; base: string } | undefined;

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      DATABASE_URL: '',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-test-password',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const base = `http://127.0.0.1:${port}`;
  server = { child, output, base };
  await until(
    async () => (await fetch(`${base}/api/health`).catch(() => null))?.ok === true,
    120_000,
  );
  return server;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`Not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return Date.now() - started;
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** With the server stopped, the database is this process's to open. */
async function withDatabase<T>(
  work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>,
) {
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

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
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
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
    expect(restarted.output.join('')).toContain('Resuming 1 interrupted background job(s).');

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
