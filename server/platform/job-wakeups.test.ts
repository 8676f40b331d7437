import { eq, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/client';
import { jobs } from '../db/schema';
import { until } from '../test/child-server';
import { createPostgresDatabase } from '../test/harness';
import { JOBS_READY_CHANNEL, JobWakeups } from './job-wakeups';
import { enqueueJob, JobRunner } from './jobs';

/*
 * LISTEN/NOTIFY on PostgreSQL (decision 0025): a job queued by one process starts in
 * another without waiting for its poll. The runner here polls once an hour, so a job it
 * runs within the test was started by a notification, not by the poll.
 */

const HOUR = 3_600_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)('job wake-ups on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  /** The enqueuing process (a web server with RUN_JOBS=false) and the worker. */
  let web: DatabaseHandle;
  let worker: DatabaseHandle;
  const log = Fastify({ logger: false }).log;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    web = await openDatabase({ kind: 'postgres', url: database.url });
    worker = await openDatabase({ kind: 'postgres', url: database.url });
  });
  afterAll(async () => {
    await web?.close();
    await worker?.close();
    await database?.drop();
  });

  /** A runner polling hourly, woken by notifications; `ran` lists the payloads it ran. */
  async function wokenRunner(kind: string) {
    const runner = new JobRunner(worker.db, log, { pollMs: HOUR });
    const ran: unknown[] = [];
    runner.register(kind, { run: async (payload) => void ran.push(payload) });
    runner.start(); // its first look finds nothing; the next poll is an hour away
    const wakeups = new JobWakeups(worker.url!, log, (woken) => runner.wake(woken));
    await wakeups.start();
    return {
      ran,
      wakeups,
      stop: async () => {
        await wakeups.stop();
        await runner.stop();
      },
    };
  }

  it('starts a job queued in another process as soon as its transaction commits', async () => {
    const { ran, stop } = await wokenRunner('woken');
    try {
      await web.db.transaction(async (tx) => {
        await enqueueJob(tx, 'woken', { n: 1 });
      });
      await until(async () => ran.length === 1, 20_000);
      expect(ran).toEqual([{ n: 1 }]);
    } finally {
      await stop();
    }
  });

  it('listens again after its connection is cut, and runs what was queued meanwhile', async () => {
    const { ran, stop } = await wokenRunner('after-cut');
    const listeners = async () => {
      const result = await web.db.execute(
        sql`select pid from pg_stat_activity where application_name = 'classroom-voice job wake-ups' and datname = current_database()`,
      );
      return (result as unknown as { rows: Array<{ pid: number }> }).rows;
    };
    try {
      const [before] = await listeners();
      expect(before).toBeDefined();
      await web.db.execute(sql`select pg_terminate_backend(${before!.pid})`);
      // Queued while nobody listens: its notification is lost, the reconnect makes up for it.
      await enqueueJob(web.db, 'after-cut', { n: 1 });
      await until(async () => ran.length === 1, 20_000);
      const after = await listeners();
      expect(after).toHaveLength(1);
      expect(after[0]!.pid).not.toBe(before!.pid);
      await enqueueJob(web.db, 'after-cut', { n: 2 });
      await until(async () => ran.length === 2, 20_000);
      expect(ran).toEqual([{ n: 1 }, { n: 2 }]);
    } finally {
      await stop();
    }
  });

  it('notifies for a job ready now or handed back, not for a later retry or a rollback', async () => {
    const listener = new pg.Client({ connectionString: database.url });
    await listener.connect();
    const heard: string[] = [];
    listener.on('notification', (message) => heard.push(message.payload ?? ''));
    await listener.query(`LISTEN ${JOBS_READY_CHANNEL}`);
    try {
      await enqueueJob(web.db, 'ready-now', {});
      await web.db
        .insert(jobs)
        .values({ kind: 'later', payload: {}, runAfter: new Date(Date.now() + HOUR) });
      await web.db
        .transaction(async (tx) => {
          await enqueueJob(tx, 'rolled-back', {});
          throw new Error('the request failed');
        })
        .catch(() => {});
      // A claim (running) is silent; its hand-back (queued again) is heard.
      await web.db.update(jobs).set({ status: 'running' }).where(eq(jobs.kind, 'ready-now'));
      await web.db.update(jobs).set({ status: 'queued' }).where(eq(jobs.kind, 'ready-now'));
      // Notifications arrive in commit order: once this one is heard, all before it were.
      await enqueueJob(web.db, 'barrier', {});
      await until(async () => heard.includes('barrier'), 20_000);
      expect(heard).toEqual(['ready-now', 'ready-now', 'barrier']);
    } finally {
      await listener.end();
    }
  });
});
