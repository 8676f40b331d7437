import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3FileStore } from '../platform/s3-file-store';
import { SESSION_CACHE_MS } from '../platform/session-cache';
import { until } from '../test/child-server';
import { runHandInLoop } from '../test/hand-in-loop';
import { createPostgresDatabase, uniqueEmail } from '../test/harness';
import {
  type ServerProcess,
  startApp,
  startBackground,
  stopAll,
  stopProcess,
} from '../test/processes';
import { alternating, ProxiedClient, SITE } from '../test/proxied-client';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { startSmtpCapture } from '../test/smtp-capture';

/*
 * The deployment of docs/deploy.md on one machine. Two app instances
 * serving HTTP only (RUN_JOBS=false) behind one (simulated) TLS proxy, and two worker
 * processes (`npm run worker`) running the background jobs, all on one PostgreSQL
 * database and one S3-compatible store (s3rver), each with its own empty DATA_DIR so
 * nothing can pass through a shared disk. Every request of every client goes to the
 * other instance than its previous one, so nothing may live in one process's memory:
 * sessions, the classroom key, uploads, the extraction job (which only a worker can
 * run), share links, recordings with byte ranges and downloads.
 */

const postgres = process.env.TEST_DATABASE_URL;
/** The worker's start-up line (server/worker-process.ts). */
const WORKER_READY = /Worker \d+ running background jobs/;

describe.skipIf(!postgres)('two app instances on one PostgreSQL database', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let s3: LocalS3;
  const scratch = mkdtempSync(join(tmpdir(), 'cv-two-instances-'));
  const apps: ServerProcess[] = [];
  const workers: ServerProcess[] = [];
  let started = 0;

  beforeAll(async () => {
    started = Date.now();
    smtp = await startSmtpCapture();
    database = await createPostgresDatabase();
    s3 = await startLocalS3({ bucket: 'cv-two-instances' });
    const env = (name: string) => ({
      ...s3.env,
      DATABASE_URL: database.url,
      DATA_DIR: join(scratch, name),
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      TRUST_PROXY: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: 'admin-test-password',
    });
    const appEnv = (name: string) => ({ ...env(name), RUN_JOBS: 'false' });
    // Started together on an empty database, as a process manager starts them: all four
    // migrate at once.
    const [a, b, w1, w2] = await Promise.all([
      startApp('app-a', appEnv('app-a')),
      startApp('app-b', appEnv('app-b')),
      startBackground('worker-1', 'server/worker.ts', env('worker-1'), WORKER_READY),
      startBackground('worker-2', 'server/worker.ts', env('worker-2'), WORKER_READY),
    ]);
    apps.push(a!, b!);
    workers.push(w1!, w2!);
    console.info(`Two instances and two workers started in ${Date.now() - started} ms`);
  }, 400_000);

  afterAll(async () => {
    await stopAll();
    await database?.drop();
    await s3?.stop();
    await smtp?.close();
    rmSync(scratch, { recursive: true, force: true });
    console.info(`Two-instance test took ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('runs hand-in, extraction, feedback and sharing with every request on the other instance', async () => {
    const [a, b] = apps.map((server) => server.base) as [string, string];
    const teacher = new ProxiedClient(alternating([a, b]), '198.51.100.10');
    const pupil = new ProxiedClient(alternating([b, a]), '198.51.100.20');
    const parent = new ProxiedClient(alternating([a, b]), '198.51.100.30');

    await runHandInLoop({ teacher, pupil, parent }, smtp, uniqueEmail('two-instances'));

    for (const client of [teacher, pupil, parent]) {
      expect(client.served.length).toBeGreaterThanOrEqual(4);
      client.served.forEach((base, i) => {
        if (i > 0) expect(base).not.toBe(client.served[i - 1]);
      });
    }
    // The instances serve HTTP only: the extraction that the loop waited for ran in a
    // worker, and the files are in the bucket, not on any process's disk.
    for (const app of apps) {
      expect(app.output.join('')).toContain('RUN_JOBS=false: background jobs run in');
    }
    for (const name of ['app-a', 'app-b', 'worker-1', 'worker-2']) {
      expect(filesUnder(join(scratch, name)), name).toEqual([]);
    }
    const stored = await keysIn(s3);
    expect(stored.length).toBe(2);
    console.info(
      `Requests: teacher ${teacher.served.length}, pupil ${pupil.served.length}, parent ${parent.served.length}`,
    );

    // Signing out on one instance ends the session on the other within the session
    // cache's few seconds (docs/deploy.md): the other instance keeps no copy for longer.
    const signedIn = teacher.cookieHeader;
    // The logout goes to the instance after the last one; the last one is asked after.
    const other = teacher.served.at(-1)!;
    const loggedOut = await teacher.post('/api/auth/logout');
    expect(loggedOut.status).toBe(200);
    expect(teacher.served.at(-1)).not.toBe(other);
    const took = await until(async () => {
      const answer = await fetch(`${other}/api/auth/user`, { headers: { cookie: signedIn } });
      return answer.status === 401;
    }, SESSION_CACHE_MS + 2_000);
    console.info(`Sign-out reached the other instance after ${took} ms`);
  }, 300_000);

  it('stops the workers on SIGTERM within the deadline, exiting cleanly', async () => {
    const codes = await Promise.all(workers.map((worker) => stopProcess(worker)));
    expect(codes).toEqual([0, 0]);
  }, 30_000);
});

/** Regular files under a folder (a missing folder has none). */
function filesUnder(folder: string): string[] {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name));
  } catch {
    return [];
  }
}

async function keysIn(s3: LocalS3): Promise<string[]> {
  const store = new S3FileStore(s3.settings);
  try {
    return await store.keysWrittenBefore(new Date(Date.now() + 60_000));
  } finally {
    store.destroy();
  }
}
