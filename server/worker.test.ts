import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from './db/client';
import { jobs, schedules } from './db/schema';
import { enqueueJob } from './platform/jobs';
import { exited, until } from './test/child-server';
import { createPostgresDatabase } from './test/harness';
import { PROBE_JOB } from './test/probe-job';

/*
 * Worker processes on PostgreSQL (decision 0025), as real child processes started the
 * way `npm run worker` starts one (server/worker-process.ts), three at a time on one
 * database. The probe worker is that same process with one more job kind, a job of a
 * chosen length that writes which process ran it, so a test can kill the one holding it.
 */

const SCHEDULED = ['housekeeping', 'queue-reextraction', 'digests-reminders-retention'];
/** The runner's lease: a dead worker's job is taken over after at most this (plus a poll). */
const LEASE_MS = 30_000;

type Worker = { child: ChildProcess; output: string[] };

const dataDir = mkdtempSync(join(tmpdir(), 'cv-workers-'));

function startWorker(url: string, entry = 'server/test/probe-worker.ts'): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  return { child, output };
}

const ready = (worker: Worker) =>
  until(async () => {
    if (worker.child.exitCode !== null) throw new Error(worker.output.join(''));
    return worker.output.join('').includes('running background jobs');
  }, 120_000);

const alive = (worker: Worker) =>
  worker.child.exitCode === null && worker.child.signalCode === null;

/** The probe's trace: one { event, jobId, pid } per line. */
function trace(file: string) {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [event, jobId, pid] = line.split(' ');
      return { event, jobId: Number(jobId), pid: Number(pid) };
    });
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('worker processes on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let handle: DatabaseHandle;
  let workers: Worker[] = [];
  let started: number;

  /** Keeps three live workers: a test that killed one gets a fresh one. */
  async function threeWorkers() {
    workers = workers.filter(alive);
    const fresh = Array.from({ length: 3 - workers.length }, () => startWorker(database.url));
    await Promise.all(fresh.map(ready));
    workers.push(...fresh);
  }

  async function enqueueProbe(log: string, ms: number) {
    const [row] = await handle.db
      .insert(jobs)
      .values({ kind: PROBE_JOB, payload: { log, ms } })
      .returning({ id: jobs.id });
    return row!.id;
  }

  const jobRow = async (id: number) =>
    (await handle.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    database = await createPostgresDatabase();
    started = Date.now();
    // Three processes start together on an empty database: the migrations run once,
    // under the advisory lock, and every worker comes up.
    await threeWorkers();
    handle = await openDatabase({ kind: 'postgres', url: database.url });
  }, 180_000);

  afterAll(async () => {
    for (const worker of workers) if (alive(worker)) worker.child.kill('SIGKILL');
    await Promise.all(workers.map((worker) => exited(worker.child)));
    await handle?.close();
    await database?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('runs each scheduled task once cluster-wide with three workers ticking', async () => {
    const scheduledJobs = () =>
      handle.db.select().from(jobs).where(inArray(jobs.kind, SCHEDULED)).orderBy(asc(jobs.id));
    await until(async () => {
      const rows = await scheduledJobs();
      return SCHEDULED.every((kind) => rows.some((r) => r.kind === kind && r.status === 'done'));
    }, 60_000);
    // Every worker has ticked at least twice more (one tick every 5 s) since.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const firstRound = await scheduledJobs();
    const elapsedMs = Date.now() - started;
    for (const kind of ['housekeeping', 'digests-reminders-retention']) {
      expect(firstRound.filter((r) => r.kind === kind)).toHaveLength(1);
    }
    // Re-extraction's period is a minute: at most one run per minute since the start.
    const reextractions = firstRound.filter((r) => r.kind === 'queue-reextraction');
    expect(reextractions.length).toBeGreaterThanOrEqual(1);
    expect(reextractions.length).toBeLessThanOrEqual(1 + Math.floor(elapsedMs / 60_000));
    expect(firstRound.every((r) => r.attempts === 1)).toBe(true);

    // The period elapses (next_run_at moved to now): one more run each, not three.
    await handle.db
      .update(schedules)
      .set({ nextRunAt: sql`now()` })
      .where(inArray(schedules.name, ['housekeeping', 'digests-reminders-retention']));
    await until(async () => {
      const rows = await scheduledJobs();
      return rows.filter((r) => r.kind === 'housekeeping' && r.status === 'done').length === 2;
    }, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const secondRound = await scheduledJobs();
    for (const kind of ['housekeeping', 'digests-reminders-retention']) {
      const runs = secondRound.filter((r) => r.kind === kind);
      expect(runs).toHaveLength(2);
      expect(runs.every((r) => r.status === 'done')).toBe(true);
    }
  }, 120_000);

  it('runs each of 30 jobs exactly once across three workers', async () => {
    await threeWorkers();
    const log = join(dataDir, 'many.log');
    const ids: number[] = [];
    await handle.db.transaction(async (tx) => {
      for (let i = 0; i < 30; i++) await enqueueJob(tx, PROBE_JOB, { log, ms: 300 });
    });
    const rows = await handle.db.select().from(jobs).where(eq(jobs.kind, PROBE_JOB));
    ids.push(...rows.map((r) => r.id));
    await until(async () => {
      const done = await handle.db.select().from(jobs).where(inArray(jobs.id, ids));
      return done.every((r) => r.status === 'done');
    }, 60_000);
    const lines = trace(log);
    for (const id of ids) {
      expect(lines.filter((l) => l.jobId === id && l.event === 'start')).toHaveLength(1);
      expect(lines.filter((l) => l.jobId === id && l.event === 'end')).toHaveLength(1);
    }
    const done = await handle.db.select().from(jobs).where(inArray(jobs.id, ids));
    expect(done.every((r) => r.attempts === 1)).toBe(true);
    // They were shared out, not all run by one process.
    expect(new Set(lines.map((l) => l.pid)).size).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('has a job whose worker was killed with SIGKILL mid-job finished by another', async () => {
    await threeWorkers();
    const log = join(dataDir, 'killed.log');
    const id = await enqueueProbe(log, 3_000);
    await until(async () => trace(log).some((l) => l.jobId === id && l.event === 'start'), 30_000);
    const holder = trace(log).find((l) => l.jobId === id)!.pid;
    const victim = workers.find((w) => w.child.pid === holder)!;
    victim.child.kill('SIGKILL');
    await exited(victim.child);

    const tookMs = await until(async () => (await jobRow(id)).status === 'done', LEASE_MS + 30_000);
    const lines = trace(log).filter((l) => l.jobId === id);
    const finisher = lines.find((l) => l.event === 'end')!.pid;
    expect(finisher).not.toBe(holder);
    expect(lines.filter((l) => l.event === 'end')).toHaveLength(1);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 2 });
    // Taken over once the lease lapsed (30 s after the last heartbeat), not minutes later;
    // the probe itself takes 3 s of that.
    console.log(`Job ${id}: its worker killed, done by another ${tookMs} ms later`);
    expect(tookMs).toBeLessThan(LEASE_MS + 15_000);
  }, 120_000);

  it('on SIGTERM finishes the job in hand and exits within 10 s', async () => {
    await threeWorkers();
    const log = join(dataDir, 'sigterm-finish.log');
    const id = await enqueueProbe(log, 2_000);
    await until(async () => trace(log).some((l) => l.jobId === id), 30_000);
    const holder = trace(log).find((l) => l.jobId === id)!.pid;
    const worker = workers.find((w) => w.child.pid === holder)!;
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const code = await exited(worker.child);
    const exitMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    expect(trace(log).filter((l) => l.event === 'end')).toEqual([
      { event: 'end', jobId: id, pid: holder },
    ]);
    expect(await jobRow(id)).toMatchObject({ status: 'done', attempts: 1 });
  }, 90_000);

  it('on SIGTERM hands back a job too long to finish, exits within 10 s, and another worker takes it at once', async () => {
    await threeWorkers();
    const log = join(dataDir, 'sigterm-release.log');
    const id = await enqueueProbe(log, 120_000);
    await until(async () => trace(log).some((l) => l.jobId === id), 30_000);
    const holder = trace(log).find((l) => l.jobId === id)!.pid;
    const worker = workers.find((w) => w.child.pid === holder)!;
    const signalledAt = Date.now();
    worker.child.kill('SIGTERM');
    const code = await exited(worker.child);
    const exitMs = Date.now() - signalledAt;
    expect(code).toBe(0);
    expect(exitMs).toBeLessThan(10_000);
    // Handed back, not left to its lease: another worker starts it within seconds.
    await until(
      async () => trace(log).some((l) => l.jobId === id && l.pid !== holder),
      LEASE_MS / 2,
    );
    const row = await jobRow(id);
    expect(row.status).toBe('running');
    // The interrupted attempt was not counted against the job.
    expect(row.attempts).toBe(1);
    expect(trace(log).some((l) => l.event === 'end')).toBe(false);
  }, 90_000);
});

describe('a worker on the embedded database', () => {
  it('refuses to start, saying why', async () => {
    const worker = startWorker('', 'server/worker.ts');
    const code = await exited(worker.child);
    expect(code).toBe(1);
    expect(worker.output.join('')).toContain('npm run worker needs PostgreSQL: set DATABASE_URL');
  }, 120_000);

  it('is needed by a web server told not to run jobs, which refuses to start without PostgreSQL', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', RUN_JOBS: 'false', PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    expect(await exited(child)).toBe(1);
    expect(output.join('')).toContain('RUN_JOBS=false needs PostgreSQL (DATABASE_URL)');
  }, 120_000);
});
