import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { jobs } from './tables';

/*
 * The jobs table seen from outside a runner: what `npm run jobs` lists, what "Try again"
 * puts back in the queue, and the queue's depth and age for the metrics.
 */

export type Job = typeof jobs.$inferSelect;
export type JobStatus = Job['status'];

export type JobFilter = {
  status?: JobStatus;
  kind?: string;
  /** Jobs whose payload holds these fields with these values (e.g. { documentId: 7 }). */
  payload?: Record<string, unknown>;
  ids?: number[];
};

function conditions(filter: JobFilter): SQL | undefined {
  return and(
    filter.status ? eq(jobs.status, filter.status) : undefined,
    filter.kind ? eq(jobs.kind, filter.kind) : undefined,
    filter.payload ? sql`${jobs.payload} @> ${JSON.stringify(filter.payload)}::jsonb` : undefined,
    filter.ids ? inArray(jobs.id, filter.ids) : undefined,
  );
}

/** The newest jobs that match, newest first. */
export async function listJobs(db: Database, filter: JobFilter = {}, limit = 50): Promise<Job[]> {
  return db.select().from(jobs).where(conditions(filter)).orderBy(desc(jobs.id)).limit(limit);
}

/**
 * Puts failed jobs back in the queue as if new: attempts, transient failures and the last
 * error are cleared, and they are due now. Only failed jobs move (a job already queued
 * again, running or done is left alone), so two clicks of "Try again" queue it once.
 * The status change notifies jobs_ready (migration 0014's trigger): a listening worker
 * starts at once. Answers the jobs that were requeued.
 */
export async function requeueFailedJobs(db: Database, filter: JobFilter): Promise<Job[]> {
  return db
    .update(jobs)
    .set({
      status: 'queued',
      attempts: 0,
      transientFailures: 0,
      retryingSince: null,
      lastError: null,
      leaseUntil: null,
      claimedBy: null,
      finishedAt: null,
      runAfter: sql`now()`,
    })
    .where(and(eq(jobs.status, 'failed'), conditions(filter)))
    .returning();
}

/** A queued job is ready once due; until then it waits (a retry's back-off). */
export type QueueState = 'ready' | 'waiting' | 'running' | 'failed';

export type QueueRow = {
  kind: string;
  state: QueueState;
  count: number;
  /** Seconds the oldest has been due (ready) or has existed (the others). */
  oldestSeconds: number;
};

/**
 * How many jobs of each kind are ready, waiting, running and failed, and how old the oldest
 * is: one grouped statement, for the metrics. Done jobs are not counted.
 */
export async function queueDepth(db: Database): Promise<QueueRow[]> {
  const result = (await db.execute(sql`
    select kind, state, count(*)::int as count,
      coalesce(extract(epoch from now() - min(since)), 0)::float8 as oldest
    from (
      select kind,
        case when status <> 'queued' then status
          when run_after <= now() then 'ready' else 'waiting' end as state,
        case when status = 'queued' and run_after <= now() then run_after
          else created_at end as since
      from jobs where status in ('queued', 'running', 'failed')
    ) as pending
    group by kind, state`)) as unknown as {
    rows: { kind: string; state: QueueState; count: number; oldest: number }[];
  };
  return result.rows.map((row) => ({
    kind: row.kind,
    state: row.state,
    count: Number(row.count),
    oldestSeconds: Math.max(0, Number(row.oldest)),
  }));
}
