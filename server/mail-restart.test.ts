import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client';
import { jobs, mailOutbox } from './db/schema';
import { DELIVER_MAIL_JOB } from './platform/mail';
import { type ChildServer, exited, startServer, until, withDatabase } from './test/child-server';
import { createPostgresDatabase } from './test/harness';
import { startApp, startBackground, stopAll } from './test/processes';
import { startSmtpCapture } from './test/smtp-capture';

/*
 * A message written to the outbox survives the death of the process that was to send it
 * (decision 0004): the real server and worker as child processes, killed with SIGKILL
 * while the relay had the message half-way, and the message delivered, once, by the
 * process that comes after.
 */

const PUBLIC_URL = 'http://cv.test';

/** A registration over HTTP: its verification e-mail is the message under test. */
async function register(base: string, email: string) {
  const password = 'correct-horse-battery';
  return fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      password,
      confirmPassword: password,
      profileImageUrl: null,
    }),
  });
}

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

async function deliveryState(db: Db, email: string) {
  const [message] = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
  const [job] = await db.select().from(jobs).where(eq(jobs.kind, DELIVER_MAIL_JOB));
  return { message: message!, job: job! };
}

describe('e-mail across a killed server (PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'cv-mail-restart-'));
  let server: ChildServer | undefined;
  afterAll(async () => {
    if (server?.child.exitCode === null) server.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers, after a restart, the message the killed server was sending', async () => {
    const relay = await startSmtpCapture({ hang: true });
    try {
      server = await startServer(dataDir, { SMTP_URL: relay.url, PUBLIC_URL });
      const email = 'killed.mid.send@school.example';
      expect((await register(server.base, email)).status).toBe(200);
      // The delivery job has reached the relay, which has not answered: kill the server.
      await until(async () => relay.connections() > 0, 30_000);
      server.child.kill('SIGKILL');
      await exited(server.child);
      const killed = await withDatabase(dataDir, (db) => deliveryState(db, email));
      expect(killed.message.sentAt).toBeNull();
      expect(killed.job.status).toBe('running');

      relay.hang(false);
      server = await startServer(dataDir, { SMTP_URL: relay.url, PUBLIC_URL });
      const mail = await relay.waitForMail(email, /Verify your Classroom Voice/, 60_000);
      expect(mail.text).toContain(`${PUBLIC_URL}/api/auth/verify-email?token=`);
      server.child.kill('SIGTERM');
      expect(await exited(server.child)).toBe(0);
      const after = await withDatabase(dataDir, (db) => deliveryState(db, email));
      expect(after.message.sentAt).toBeInstanceOf(Date);
      expect(after.job).toMatchObject({ status: 'done', attempts: 2 });
      expect(relay.inbox.filter((m) => m.to.includes(email))).toHaveLength(1);
    } finally {
      await relay.close();
    }
  }, 300_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'e-mail across a killed worker (PostgreSQL)',
  () => {
    const scratch = mkdtempSync(join(tmpdir(), 'cv-mail-workers-'));
    afterAll(async () => {
      await stopAll();
      rmSync(scratch, { recursive: true, force: true });
    });

    it('has another worker deliver what a killed worker was sending, once', async () => {
      const relay = await startSmtpCapture({ hang: true });
      const database = await createPostgresDatabase();
      const env = (name: string) => ({
        DATABASE_URL: database.url,
        DATA_DIR: join(scratch, name),
        SMTP_URL: relay.url,
        PUBLIC_URL,
        SEED_DEMO: 'false',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'admin-test-password',
      });
      const handle = await openDatabase({ kind: 'postgres', url: database.url });
      try {
        // The web server only writes the message and its job (RUN_JOBS=false); the worker,
        // woken by the job's notification, takes it to the relay, which hangs.
        const web = await startApp('web', { ...env('web'), RUN_JOBS: 'false' });
        const first = await startBackground(
          'worker-1',
          'server/worker.ts',
          env('worker-1'),
          /running background jobs/,
        );
        const email = 'worker.killed.mid.send@school.example';
        expect((await register(web.base, email)).status).toBe(200);
        await until(async () => relay.connections() > 0, 30_000);
        first.child.kill('SIGKILL');
        await exited(first.child);
        const killed = await deliveryState(handle.db, email);
        expect(killed.message.sentAt).toBeNull();
        expect(killed.job.status).toBe('running');

        // Another worker takes the job over once the dead one's lease (30 s) has run out.
        relay.hang(false);
        await startBackground(
          'worker-2',
          'server/worker.ts',
          env('worker-2'),
          /running background jobs/,
        );
        const mail = await relay.waitForMail(email, /Verify your Classroom Voice/, 120_000);
        expect(mail.text).toContain(`${PUBLIC_URL}/api/auth/verify-email?token=`);
        // Marked sent just after the relay's answer reached the worker.
        await until(
          async () => (await deliveryState(handle.db, email)).job.status === 'done',
          30_000,
        );
        const after = await deliveryState(handle.db, email);
        expect(after.message.sentAt).toBeInstanceOf(Date);
        expect(after.job).toMatchObject({ status: 'done', attempts: 2 });
        expect(relay.inbox.filter((m) => m.to.includes(email))).toHaveLength(1);
      } finally {
        await stopAll();
        await handle.close();
        await database.drop();
        await relay.close();
      }
    }, 400_000);
  },
);
