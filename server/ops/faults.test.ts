import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../test/child-server';
import { type HandInAttempt, handInBurst, signUpTeacher } from '../test/classroom-traffic';
import { uniqueEmail } from '../test/harness';
import {
  freePort,
  type ServerProcess,
  startApp,
  startBackground,
  stopAll,
} from '../test/processes';
import { alternating, ProxiedClient, SITE } from '../test/proxied-client';
import { type LocalS3, startLocalS3 } from '../test/s3-server';
import { startSmtpCapture } from '../test/smtp-capture';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy';
import {
  postgresPrograms,
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../test/throwaway-postgres';

/*
 * The deployment of docs/deploy.md meeting its faults: two app instances (RUN_JOBS=false)
 * and a worker as child processes, on a PostgreSQL server of this test's own (so it may be
 * restarted without touching the one other test files share) and on s3rver behind a TCP
 * proxy this test can cut or hang. Every fault is one the guide's district met: the
 * database restarted mid-burst, its idle connections terminated, the bucket gone for longer
 * than a retry's first steps, the bucket hung, a sign-out on one instance and a write on
 * the other.
 */

const WORKER_READY = /Worker \d+ running background jobs/;

describe.skipIf(!process.env.TEST_DATABASE_URL || !postgresPrograms())(
  'faults met by two instances and a worker',
  () => {
    let database: ThrowawayPostgres;
    let s3: LocalS3;
    let store: TcpProxy;
    let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
    const scratch = mkdtempSync(join(tmpdir(), 'cv-faults-'));
    let apps: ServerProcess[] = [];
    let worker: ServerProcess;
    let workerMetrics = '';
    let teacher: ProxiedClient;
    let phrase = '';
    let started = 0;

    beforeAll(async () => {
      started = Date.now();
      [database, s3, smtp] = await Promise.all([
        startThrowawayPostgres(),
        startLocalS3({ bucket: 'cv-faults' }),
        startSmtpCapture(),
      ]);
      store = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(s3.endpoint).port) });
      const metricsPort = await freePort();
      workerMetrics = `http://127.0.0.1:${metricsPort}/metrics`;
      const env = (name: string) => ({
        ...s3.env,
        S3_ENDPOINT: `http://127.0.0.1:${store.port}`,
        DATABASE_URL: database.url,
        DATA_DIR: join(scratch, name),
        SMTP_URL: smtp.url,
        PUBLIC_URL: SITE,
        TRUST_PROXY: '1',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD: 'admin-test-password',
        WORKER_POOL_SIZE: '1',
      });
      const [a, b, w] = await Promise.all([
        startApp('app-a', { ...env('app-a'), RUN_JOBS: 'false' }),
        startApp('app-b', { ...env('app-b'), RUN_JOBS: 'false' }),
        startBackground(
          'worker',
          'server/worker.ts',
          { ...env('worker'), METRICS_PORT: String(metricsPort), HOST: '127.0.0.1' },
          WORKER_READY,
        ),
      ]);
      apps = [a, b];
      worker = w;
      teacher = new ProxiedClient(alternating(apps.map((app) => app.base)), '198.51.100.10');
      ({ phrase } = await signUpTeacher(teacher, smtp, uniqueEmail('faults')));
      console.info(`Fault deployment ready in ${Date.now() - started} ms`);
    }, 300_000);

    afterAll(async () => {
      await stopAll();
      await Promise.all([database?.remove(), s3?.stop(), smtp?.close(), store?.close()]);
      rmSync(scratch, { recursive: true, force: true });
      console.info(`Fault tests took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    });

    /** The processes that have exited, each with the end of what it said. */
    const alive = () =>
      [...apps, worker]
        .filter((p) => p.child.exitCode !== null || p.child.signalCode !== null)
        .map((p) => `${p.name}: ${p.output.join('').slice(-3000)}`);
    const pupils = (count: number, from: number) =>
      Array.from(
        { length: count },
        (_, i) =>
          new ProxiedClient(alternating(apps.map((app) => app.base)), `198.51.100.${from + i}`),
      );

    it('survives a database restart mid-burst: refusals only while it is down, every accepted hand-in stored', async () => {
      let burst = true;
      const running = handInBurst(pupils(3, 40), phrase, () => burst);
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const down = Date.now();
      await database.stop();
      await new Promise((resolve) => setTimeout(resolve, 5_000));
      await database.start();
      const up = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 4_000));
      burst = false;
      const attempts = await running;
      expect(alive()).toEqual([]);
      const refused = attempts.filter((a) => a.status !== 200);
      const accepted = attempts.filter((a) => a.status === 200);
      console.info(
        `Database down ${((up - down) / 1000).toFixed(1)} s: ${accepted.length} hand-ins accepted, ${refused.length} refused ` +
          `(${summarize(refused)}), refusals from ${seconds(refused[0]?.sentAt, down)} to ${seconds(refused.at(-1)?.answeredAt, down)} s after the stop`,
      );
      expect(accepted.length).toBeGreaterThan(0);
      for (const attempt of refused) {
        // Refused while it was down (a request sent just before the stop may meet it).
        expect(attempt.answeredAt).toBeGreaterThanOrEqual(down);
        expect(attempt.sentAt).toBeLessThanOrEqual(up + 1_000);
        expect(attempt.status).toBe(503);
        expect(attempt.code).toBe('database_unavailable');
      }
      await expectStored(accepted);
    }, 120_000);

    it('survives its idle connections being terminated, the listening ones included', async () => {
      const admin = new pg.Client({ connectionString: database.url });
      await admin.connect();
      try {
        const { rows } = await admin.query(
          `select pg_terminate_backend(pid) as gone, application_name from pg_stat_activity
           where datname = current_database() and pid <> pg_backend_pid() and state = 'idle'`,
        );
        console.info(
          `Terminated ${rows.length} idle connections (${[...new Set(rows.map((r) => r.application_name))].join(', ')})`,
        );
        expect(rows.length).toBeGreaterThanOrEqual(3);
      } finally {
        await admin.end();
      }
      // The pools hear of it as their connections' 'error' events, a moment later.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(alive()).toEqual([]);
      const attempts = await handInBurst(pupils(2, 60), phrase, countdown(6));
      expect(attempts.map((a) => a.status)).toEqual(attempts.map(() => 200));
      await expectStored(attempts);
      // Both instances and the worker listen again (sign-outs; queued jobs).
      await until(async () => {
        const client = new pg.Client({ connectionString: database.url });
        await client.connect();
        try {
          const { rows } = await client.query(
            `select application_name from pg_stat_activity where application_name in
             ('classroom-voice sign-outs', 'classroom-voice job wake-ups')`,
          );
          return rows.length === 3;
        } finally {
          await client.end();
        }
      }, 30_000);
    }, 120_000);

    it('retries extractions through a store outage longer than the retries’ first steps', async () => {
      // Hand-ins queued while no worker runs, then the store goes: every extraction meets it.
      worker.child.kill('SIGSTOP');
      let attempts: HandInAttempt[];
      try {
        attempts = await handInBurst(pupils(2, 70), phrase, countdown(6));
        expect(attempts.map((a) => a.status)).toEqual(attempts.map(() => 200));
        await store.setMode('down');
      } finally {
        worker.child.kill('SIGCONT');
      }
      const down = Date.now();
      const ready = await fetch(`${apps[0]!.base}/api/health/ready`);
      expect(ready.status).toBe(503);
      expect((await ready.json()).checks.storage.ok).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
      await store.setMode('pass');
      await expectStored(attempts);
      console.info(
        `Store down ${((Date.now() - down) / 1000).toFixed(0)} s before every extraction was done`,
      );
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select attempts, transient_failures from jobs where kind = 'extract-text'
           and (payload->>'documentId')::int = any($1)`,
          [attempts.map((a) => a.documentId)],
        );
        // Each met the outage at least twice and none of it counted as an attempt.
        expect(rows.length).toBe(attempts.length);
        for (const row of rows) {
          expect(row.transient_failures).toBe(0); // cleared when done
          expect(row.attempts).toBe(1);
        }
      } finally {
        await client.end();
      }
      const metrics = await (await fetch(workerMetrics)).text();
      const retried = metrics.match(
        /classroom_voice_job_failures_total\{kind="extract-text",transient="true",final="false"\} (\d+)/,
      );
      expect(Number(retried?.[1])).toBeGreaterThanOrEqual(attempts.length * 2);
    }, 180_000);

    it('answers a hand-in 503 with a clear message when the store hangs', async () => {
      await store.setMode('hung');
      try {
        const [attempt] = await handInBurst(pupils(1, 80), phrase, countdown(1));
        console.info(
          `Hung store: answered ${attempt!.status} after ${attempt!.answeredAt - attempt!.sentAt} ms: ${attempt!.message}`,
        );
        expect(attempt!.status).toBe(503);
        expect(attempt!.code).toBe('storage_unavailable');
        expect(attempt!.message).toMatch(/file store is not answering/);
      } finally {
        await store.setMode('pass');
      }
      expect(alive()).toEqual([]);
    }, 60_000);

    it('ends a session on the other instance when the teacher signs out on one', async () => {
      const [a, b] = apps.map((app) => app.base) as [string, string];
      const onA = new ProxiedClient(() => a, '198.51.100.90');
      await signUpTeacher(onA, smtp, uniqueEmail('sign-out'));
      const cookie = onA.cookieHeader;
      // The same browser's next request goes to B, which keeps the session in its cache.
      const onB = new ProxiedClient(() => b, '198.51.100.90');
      const write = () => onB.request('PUT', '/api/settings', { json: {}, headers: { cookie } });
      expect((await write()).status).toBe(200);
      expect((await onA.post('/api/auth/logout')).status).toBe(200);
      const signedOut = Date.now();
      let accepted = 0;
      // Before this change B trusted its cached session for up to SESSION_CACHE_MS (5 s).
      await until(async () => {
        const answer = await write();
        if (answer.status === 200) accepted += 1;
        return answer.status === 401;
      }, 1_000);
      console.info(
        `Sign-out reached the other instance within ${Date.now() - signedOut} ms; ${accepted} write(s) accepted after it`,
      );
      expect(accepted).toBe(0);
    }, 60_000);

    /** Every accepted hand-in is there, and its text is read in the end. */
    async function expectStored(accepted: HandInAttempt[]) {
      for (const { documentId } of accepted) {
        const answer = await teacher.get(`/api/documents/${documentId}`);
        expect(answer.status).toBe(200);
      }
      await until(async () => {
        const states = await Promise.all(
          accepted.map(async ({ documentId }) =>
            (await teacher.get(`/api/documents/${documentId}`)).json(),
          ),
        );
        const failed = states.find((state) => state.extractionStatus === 'failed');
        if (failed) throw new Error(`extraction failed: ${failed.extractionError}`);
        return states.every((state) => state.extractionStatus === 'done');
      }, 120_000);
    }
  },
);

/** Long enough for three of the retries' steps (5, 10, 20 s apart) to meet it. */
const OUTAGE_MS = 25_000;

/** keepGoing for a burst of exactly `n` hand-ins, shared among its pupils. */
function countdown(n: number): () => boolean {
  let left = n;
  return () => left-- > 0;
}

function seconds(at: number | undefined, from: number): string {
  return at === undefined ? '-' : ((at - from) / 1000).toFixed(1);
}

function summarize(attempts: HandInAttempt[]): string {
  const counts = new Map<string, number>();
  for (const a of attempts) {
    const key = `${a.status} ${a.code ?? ''} ${a.message ?? ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n}× ${key}`).join(', ') || 'none';
}
