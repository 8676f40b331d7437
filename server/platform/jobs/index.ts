import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Transaction } from '../../db/client';
import { jobDurations, jobFailures } from '../metrics';
import { isDatabaseUnavailable } from '../outages';
import { DEFAULT_RETRY, decideFailure, PermanentJobError, type RetryPolicy } from './failures';
import { claimNextJob, keepLease, ownClaim, recordOutcome, TAKEOVER_GRACE_MS } from './leases';
import { type JobFilter, requeueFailedJobs } from './queue';
import { jobs } from './tables';

export type Job = typeof jobs.$inferSelect;

export { PermanentJobError, type RetryPolicy } from './failures';
export {
  type JobFilter,
  type JobStatus,
  listJobs,
  type QueueRow,
  type QueueState,
  queueDepth,
} from './queue';

export type JobHandler = {
  run: (payload: unknown, job: Job) => Promise<void>;
  /** Called once when the job has finally failed, to leave a visible state behind. */
  onFailure?: (payload: unknown, error: Error) => Promise<void>;
  /**
   * Called when a failed job is put back in the queue ("Try again", `npm run jobs -- retry`),
   * to undo what onFailure left: the document or video shows it is being worked on again.
   */
  onRetry?: (payload: unknown) => Promise<void>;
  /**
   * How many jobs of this kind this runner works on at once (default 1). Extraction takes
   * as many as the worker pool has threads: the work is there, not in this thread.
   */
  concurrency?: number;
  /**
   * How often and how far apart a failing job is tried (default: three attempts, 10 s then
   * 40 s apart). E-mail delivery keeps trying for a day: a relay's outage is not the
   * message's fault.
   */
  retry?: RetryPolicy;
};

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
  /**
   * How often an idle runner looks for work it was not told about: jobs queued by another
   * process (when no wake-up arrives, see job-wakeups.ts) and retries that came due.
   */
  pollMs?: number;
};

type Writer = Pick<Database, 'insert'>;

/**
 * Adds a job; pass the transaction that creates the row it works on, so both commit
 * together. `fairKey` names whose work it is, so owners take turns (see `claim`).
 */
export async function enqueueJob(
  db: Writer,
  kind: string,
  payload: unknown,
  options: { fairKey?: string; requestId?: string; runAfter?: Date } = {},
): Promise<void> {
  await db.insert(jobs).values({
    kind,
    payload,
    fairKey: options.fairKey ?? null,
    requestId: options.requestId ?? null,
    ...(options.runAfter ? { runAfter: options.runAfter } : {}),
  });
}

/** Jobs of one kind whose payload's `field` is one of `values` (as text). */
export type JobsAbout = { kind: string; field: string; values: string[] };

/**
 * Deletes the jobs about these things (one statement; pass the caller's transaction): a
 * pupil's erasure or a discarded render takes the work queued about them with it.
 */
export async function deleteJobsAbout(db: Database | Transaction, about: JobsAbout[]) {
  const conditions = about
    .filter((a) => a.values.length > 0)
    .map((a) =>
      and(
        eq(jobs.kind, a.kind),
        // The field's name travels as a bound parameter, never as SQL text.
        inArray(sql`(${jobs.payload}->>${a.field}::text)`, a.values),
      ),
    );
  if (conditions.length === 0) return;
  await db.delete(jobs).where(conditions.length === 1 ? conditions[0] : or(...conditions));
}

/** Deletes one job (a job that removes its own trace once done). */
export async function deleteJob(db: Database, id: number) {
  await db.delete(jobs).where(eq(jobs.id, id));
}

/**
 * Housekeeping: finished jobs go after 30 days; scheduled runs (one a minute for some) say
 * nothing worth keeping once a day old.
 */
export async function deleteFinishedJobs(db: Database, now: Date, day: number) {
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        lt(jobs.finishedAt, new Date(now.getTime() - 30 * day)),
      ),
    );
  await db
    .delete(jobs)
    .where(
      and(
        inArray(jobs.status, ['done', 'failed']),
        sql`${jobs.payload} ? 'scheduled'`,
        lt(jobs.finishedAt, new Date(now.getTime() - day)),
      ),
    );
}

/**
 * An in-process runner over the durable jobs table. A job is claimed with a lease
 * (FOR UPDATE SKIP LOCKED, so several processes can share the table); if the process
 * dies mid-way the lease runs out and the job is claimed again after a restart.
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** The claiming loop (tick) while it runs, so a stop can wait for its last claim. */
  private claiming: Promise<void> | null = null;
  /** A slot came free or a job was queued while the loop ran: claim again at once. */
  private again = false;
  /** The jobs in hand, each with its run, so a stop can wait for them or hand them back. */
  private readonly inHand = new Map<number, { job: Job; done: Promise<void> }>();
  /** The stop under way: a second stop (the app's close after the signal's) waits for it. */
  private stopping: Promise<void> | null = null;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly stopGraceMs: number;
  private readonly pollMs: number;
  /** The database did not answer the last claim: said once, then quiet until it is back. */
  private databaseAway = false;
  /** Until then, jobs whose lease lapsed are not taken over (see TAKEOVER_GRACE_MS). */
  private takeoverAfter = 0;

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
    this.pollMs = options.pollMs ?? 1_000;
  }

  register(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /**
   * Another process queued a job of this kind (null: of any kind, perhaps): claim now if
   * it is a kind this runner runs, instead of at the next poll.
   */
  wake(kind: string | null): void {
    if (kind === null) this.poke();
    else if (this.handlers.has(kind)) this.poke(kind);
  }

  start(): void {
    this.stopped = false;
    this.stopping = null;
    this.schedule(0);
  }

  /**
   * Run queued jobs now (after an enqueue) instead of waiting for the next poll. With the
   * kind that was queued: nothing, while that kind's every slot is taken. The job that
   * frees a slot claims the next one; a class handing in at once would otherwise send the
   * database one claim that finds nothing per hand-in.
   */
  poke(kind?: string): void {
    if (this.stopped || (kind !== undefined && this.isBusy(kind))) return;
    this.schedule(0);
  }

  /**
   * Stops claiming, gives the jobs in hand a grace period to finish, then hands back
   * those still running (queued, the attempt not counted: a shutdown is not the job's
   * fault) so the next start runs them again at once instead of waiting out a lease.
   */
  stop(): Promise<void> {
    this.stopping ??= this.stopNow();
    return this.stopping;
  }

  private async stopNow(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    let graceTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      (async () => {
        await this.claiming;
        await Promise.all([...this.inHand.values()].map((held) => held.done));
      })(),
      new Promise<void>((resolve) => {
        graceTimer = setTimeout(resolve, this.stopGraceMs);
      }),
    ]);
    clearTimeout(graceTimer);
    for (const { job } of this.inHand.values()) {
      this.log.warn(
        { jobId: job.id, kind: job.kind },
        'Shutting down mid-job; the job is requeued',
      );
      await this.db
        .update(jobs)
        .set({
          status: 'queued',
          leaseUntil: null,
          claimedBy: null,
          attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        })
        .where(ownClaim(job));
    }
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

  /**
   * Puts the failed jobs that match back in the queue and lets each handler undo the visible
   * failure it left (onRetry). Answers the jobs requeued; none when nothing matched a failed
   * job (already retried, never failed).
   */
  async retryFailed(filter: JobFilter): Promise<Job[]> {
    const requeued = await requeueFailedJobs(this.db, filter);
    for (const job of requeued) {
      await this.handlers.get(job.kind)?.onRetry?.(job.payload);
      this.log.info({ jobId: job.id, kind: job.kind }, 'Failed job queued again');
    }
    if (requeued.length > 0) this.poke();
    return requeued;
  }

  /** Runs every job that is ready, one at a time, then resolves: for tests and scripts. */
  async drain(): Promise<void> {
    for (let job = await this.claim(); job; job = await this.claim()) {
      await this.runJob(job);
    }
  }

  private schedule(delayMs: number): void {
    if (this.claiming) {
      // The running loop picks the news up when it ends (see tick's finally).
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref?.();
  }

  /**
   * Claims ready jobs while a kind has a free slot, and starts each without waiting for
   * it: up to each handler's concurrency run side by side. A job ending calls for another
   * round, so a freed slot is filled at once, not at the next poll.
   */
  private tick(): Promise<void> {
    if (this.claiming || this.stopped) return Promise.resolve();
    this.again = false;
    this.claiming = (async () => {
      try {
        while (!this.stopped) {
          const job = await this.claim(this.busyKinds());
          if (!job) break;
          const done = this.runJob(job)
            .catch((error: unknown) =>
              this.log.error({ err: error, jobId: job.id }, 'Job run failed'),
            )
            .finally(() => {
              this.inHand.delete(job.id);
              if (!this.stopped) this.schedule(0);
            });
          this.inHand.set(job.id, { job, done });
        }
      } catch (error) {
        if (!isDatabaseUnavailable(error)) {
          this.log.error({ err: error }, 'Job runner failed to claim a job');
        } else if (!this.databaseAway) {
          this.databaseAway = true;
          this.log.warn({ err: error }, 'The database is away: jobs wait until it answers');
        }
      } finally {
        this.claiming = null;
        if (!this.stopped) this.schedule(this.again ? 0 : this.pollMs);
      }
    })();
    return this.claiming;
  }

  private isBusy(kind: string): boolean {
    return this.busyKinds().includes(kind);
  }

  /** Kinds whose every slot is taken: the next claim leaves their jobs for later. */
  private busyKinds(): string[] {
    const running = new Map<string, number>();
    for (const { job } of this.inHand.values()) {
      running.set(job.kind, (running.get(job.kind) ?? 0) + 1);
    }
    return [...running]
      .filter(([kind, count]) => count >= Math.max(1, this.handlers.get(kind)?.concurrency ?? 1))
      .map(([kind]) => kind);
  }

  /**
   * The next ready job of a kind this runner knows and has a free slot for: the periodic
   * work has a runner of its own (so a long sweep never holds up a hand-in), and a process
   * of an older version leaves a new kind to the processes that know it.
   */
  private async claim(busyKinds: string[] = []): Promise<Job | null> {
    const kinds = [...this.handlers.keys()].filter((kind) => !busyKinds.includes(kind));
    if (kinds.length === 0) return null;
    const job = await claimNextJob(this.db, {
      kinds,
      leaseMs: this.leaseMs,
      takeOverLapsed: Date.now() >= this.takeoverAfter,
    });
    if (this.databaseAway) {
      this.databaseAway = false;
      this.takeoverAfter = Date.now() + TAKEOVER_GRACE_MS;
      this.log.info('The database answers again: jobs resume');
    }
    return job;
  }

  private async runJob(job: Job): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const retry = handler?.retry ?? DEFAULT_RETRY;
    const log = this.log.child({
      jobId: job.id,
      kind: job.kind,
      reqId: job.requestId ?? undefined,
    });
    const started = performance.now();
    const heartbeat = keepLease(this.db, job, {
      leaseMs: this.leaseMs,
      heartbeatMs: this.heartbeatMs,
      log,
    });
    let outcome: 'done' | 'retry' | 'failed' = 'done';
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      // Claimed again after its lease ran out too often: it probably takes the process
      // down with it. Give up rather than crash on every restart.
      if (job.attempts > retry.maxAttempts) {
        throw new PermanentJobError(
          handler.retry
            ? `Given up: ${retry.maxAttempts} attempts were interrupted before they finished.`
            : 'This file could not be processed. Open the original document instead.',
        );
      }
      await handler.run(job.payload, job);
      await recordOutcome(
        log,
        () => this.stopped,
        () =>
          this.db
            .update(jobs)
            .set({
              status: 'done',
              // The database's clock to the microsecond: owners' turns are ordered by it.
              finishedAt: sql`clock_timestamp()`,
              leaseUntil: null,
              claimedBy: null,
              lastError: null,
              transientFailures: 0,
              retryingSince: null,
            })
            .where(ownClaim(job)),
      );
      log.info({ ms: Math.round(performance.now() - started) }, 'Job done');
    } catch (caught) {
      const error = caught instanceof Error ? caught : new Error(String(caught));
      const { final, transient, values } = decideFailure(job, error, retry);
      outcome = final ? 'failed' : 'retry';
      jobFailures.inc({ kind: job.kind, transient: String(transient), final: String(final) });
      log.warn({ err: error, final, transient }, 'Job failed');
      const recorded = await recordOutcome(
        log,
        () => this.stopped,
        () =>
          this.db
            .update(jobs)
            .set({ ...values, leaseUntil: null, claimedBy: null })
            .where(ownClaim(job))
            .returning({ id: jobs.id }),
      ).catch((e: unknown) => {
        log.error({ err: e }, 'Could not record a job failure');
        return [];
      });
      // A job another worker took over is that worker's to fail.
      if (final && recorded.length > 0)
        await handler?.onFailure?.(job.payload, error).catch((e: unknown) => {
          log.error({ err: e }, 'Job failure handler failed');
        });
    } finally {
      heartbeat.stop();
      jobDurations.observe({ kind: job.kind, outcome }, (performance.now() - started) / 1000);
    }
  }
}
