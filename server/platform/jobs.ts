import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type Job = typeof jobs.$inferSelect;

/** A failure that retrying cannot fix (a damaged file): the job fails at once. */
export class PermanentJobError extends Error {}

export type JobHandler = {
  run: (payload: unknown, job: Job) => Promise<void>;
  /** Called once when the job has finally failed, to leave a visible state behind. */
  onFailure?: (payload: unknown, error: Error) => Promise<void>;
};

const MAX_ATTEMPTS = 3;
const POLL_MS = 1_000;

export type JobRunnerOptions = {
  /**
   * How long a claim holds without news from its worker. Short, because a worker renews
   * it while the job runs (every heartbeatMs): after a crash (kill -9, power cut) another
   * process takes the job over within seconds, however long the job itself takes.
   */
  leaseMs?: number;
  heartbeatMs?: number;
  /**
   * On stop, how long the job in hand may take to finish before it is handed back. With
   * the hand-back and the database's close, a SIGTERM'd process is gone within 10 s.
   */
  stopGraceMs?: number;
};

type Writer = Pick<Database, 'insert'>;

/** Adds a job; pass the transaction that creates the row it works on, so both commit together. */
export async function enqueueJob(db: Writer, kind: string, payload: unknown): Promise<void> {
  await db.insert(jobs).values({ kind, payload });
}

/**
 * An in-process runner over the durable jobs table. A job is claimed with a lease
 * (FOR UPDATE SKIP LOCKED, so several processes can share the table); if the process
 * dies mid-way the lease runs out and the job is claimed again after a restart.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = true;
  private idle: Promise<void> = Promise.resolve();
  /** The stop under way: a second stop (the app's close after the signal's) waits for it. */
  private stopping: Promise<void> | null = null;
  /** The job this runner is working on, so a stop can hand it back. */
  private current: Job | null = null;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly stopGraceMs: number;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    options: JobRunnerOptions = {},
  ) {
    // Six heartbeats may be missed (a busy event loop, a slow database) before the lease
    // lapses; a dead worker's job is taken over about 30 s after its last heartbeat.
    this.leaseMs = options.leaseMs ?? 30_000;
    this.heartbeatMs = options.heartbeatMs ?? 5_000;
    this.stopGraceMs = options.stopGraceMs ?? 7_000;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  start(): void {
    this.stopped = false;
    this.stopping = null;
    this.schedule(0);
  }

  /** Run queued jobs now (after an enqueue) instead of waiting for the next poll. */
  poke(): void {
    if (!this.stopped) this.schedule(0);
  }

  /**
   * Stops claiming, gives the job in hand a grace period to finish, then hands it back
   * (queued, the attempt not counted: a shutdown is not the job's fault) so the next
   * start runs it again at once instead of waiting out a lease.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let graceTimer: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      this.idle.then(() => true),
      new Promise<boolean>((resolve) => {
        graceTimer = setTimeout(() => resolve(false), this.stopGraceMs);
      }),
    ]);
    clearTimeout(graceTimer);
    const job = this.current;
    if (finished || !job) return;
    this.log.warn({ jobId: job.id, kind: job.kind }, 'Shutting down mid-job; the job is requeued');
    await this.db
      .update(jobs)
      .set({
        status: 'queued',
        leaseUntil: null,
        claimedBy: null,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      })
      .where(this.ownClaim(job));
  }

  /** The job row, as long as it is still this runner's claim. */
  private ownClaim(job: Job) {
    return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.claimedBy, job.claimedBy!));
  }

  /**
   * Requeues every job marked running. Only for a database no other process uses (the
   * embedded one): there, a running job at start-up was left by a process that is gone.
   */
  async reclaimAbandoned(): Promise<number> {
    const reclaimed = await this.db
      .update(jobs)
      .set({ status: 'queued', leaseUntil: null, claimedBy: null, runAfter: new Date() })
      .where(eq(jobs.status, 'running'))
      .returning({ id: jobs.id });
    return reclaimed.length;
  }

  /** Runs every job that is ready, then resolves: for tests and scripts. */
  async drain(): Promise<void> {
    while (await this.runOne()) {
      /* keep going */
    }
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  private async tick(): Promise<void> {
    if (this.running || this.stopped) return;
    this.running = true;
    let release = () => {};
    this.idle = new Promise((resolve) => {
      release = resolve;
    });
    try {
      while (!this.stopped && (await this.runOne())) {
        /* keep going */
      }
    } catch (error) {
      this.log.error({ err: error }, 'Job runner failed to claim a job');
    } finally {
      this.running = false;
      release();
      if (!this.stopped) this.schedule(POLL_MS);
    }
  }

  /** The lease's end on the database's clock, which every process shares. */
  private leaseEnd() {
    return sql`now() + ${this.leaseMs} * interval '1 millisecond'`;
  }

  private async claim(): Promise<Job | null> {
    // Only kinds this runner knows: the periodic work has a runner of its own (so a long
    // sweep never holds up a hand-in), and a process of an older version leaves a new
    // kind to the processes that know it.
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return null;
    // The database's clock decides what is due and whose lease has run out: processes on
    // several machines need not agree on the time.
    const now = sql`now()`;
    const ready = this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.kind, kinds),
          or(
            and(eq(jobs.status, 'queued'), lte(jobs.runAfter, now)),
            and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, now)),
          ),
        ),
      )
      .orderBy(asc(jobs.id))
      .limit(1)
      .for('update', { skipLocked: true });
    const [job] = await this.db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        leaseUntil: this.leaseEnd(),
        claimedBy: randomUUID(),
      })
      .where(sql`${jobs.id} = (${ready})`)
      .returning();
    return job ?? null;
  }

  private async runOne(): Promise<boolean> {
    const job = await this.claim();
    if (!job) return false;
    const handler = this.handlers.get(job.kind);
    this.current = job;
    const heartbeat = setInterval(() => void this.renewLease(job), this.heartbeatMs);
    heartbeat.unref?.();
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      // Claimed again after its lease ran out too often: it probably takes the process
      // down with it. Give up rather than crash on every restart.
      if (job.attempts > MAX_ATTEMPTS) {
        throw new PermanentJobError(
          'This file could not be processed. Open the original document instead.',
        );
      }
      await handler.run(job.payload, job);
      await this.db
        .update(jobs)
        .set({
          status: 'done',
          finishedAt: new Date(),
          leaseUntil: null,
          claimedBy: null,
          lastError: null,
        })
        .where(this.ownClaim(job));
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const final = error instanceof PermanentJobError || job.attempts >= MAX_ATTEMPTS;
      this.log.warn({ err: error, jobId: job.id, kind: job.kind, final }, 'Job failed');
      const recorded = await this.db
        .update(jobs)
        .set({
          status: final ? 'failed' : 'queued',
          lastError: error.message.slice(0, 2000),
          leaseUntil: null,
          claimedBy: null,
          finishedAt: final ? new Date() : null,
          // Back off: 10 s, then 40 s.
          runAfter: new Date(Date.now() + 10_000 * job.attempts ** 2),
        })
        .where(this.ownClaim(job))
        .returning({ id: jobs.id });
      // A job another worker took over is that worker's to fail.
      if (final && recorded.length > 0)
        await handler?.onFailure?.(job.payload, error).catch((e: unknown) => {
          this.log.error({ err: e, jobId: job.id }, 'Job failure handler failed');
        });
    } finally {
      clearInterval(heartbeat);
      this.current = null;
    }
    return true;
  }

  private async renewLease(job: Job): Promise<void> {
    try {
      const renewed = await this.db
        .update(jobs)
        .set({ leaseUntil: this.leaseEnd() })
        .where(this.ownClaim(job))
        .returning({ id: jobs.id });
      if (renewed.length === 0)
        this.log.warn({ jobId: job.id, kind: job.kind }, 'Lost the lease on a job in hand');
    } catch (error) {
      this.log.warn({ err: error, jobId: job.id }, 'Could not renew a job lease');
    }
  }
}
