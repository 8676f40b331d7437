import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { isDatabaseUnavailable } from '../outages';
import { jobs } from './tables';

/*
 * A runner's hold on a job: the claim (FOR UPDATE SKIP LOCKED, with a lease on the
 * database's clock), the heartbeat that renews it, and the writing of the outcome, all
 * made to keep their word across a database outage.
 */

type Job = typeof jobs.$inferSelect;

/** While the database is away, how often a lease or an outcome is tried again. */
const RETRY_WHILE_AWAY_MS = 1_000;
/** How long a finished job's outcome is kept trying to be written before the lease decides. */
const OUTCOME_PATIENCE_MS = 5 * 60_000;
/**
 * After the database comes back, how long a runner leaves jobs whose lease ran out during
 * the outage to their holders: every holder renews within a second of the database's
 * return (its heartbeat retries each second while it cannot reach it), so a job still in
 * hand is not taken over and run twice merely because nobody could renew during the gap.
 */
export const TAKEOVER_GRACE_MS = 3_000;

/** The job row, as long as it is still this claim's (a fresh token per claim). */
export function ownClaim(job: Job) {
  return and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.claimedBy, job.claimedBy!));
}

/** The lease's end on the database's clock, which every process shares. */
function leaseEnd(leaseMs: number) {
  return sql`now() + ${leaseMs} * interval '1 millisecond'`;
}

/**
 * Claims the next ready job of the given kinds, or one whose holder's lease ran out
 * (unless `takeOverLapsed` is false, just after an outage). The database's clock decides
 * what is due and whose lease has run out: processes on several machines need not agree
 * on the time.
 */
export async function claimNextJob(
  db: Database,
  options: { kinds: string[]; leaseMs: number; takeOverLapsed: boolean },
): Promise<Job | null> {
  const now = sql`now()`;
  const ready = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, options.kinds),
        or(
          and(eq(jobs.status, 'queued'), lte(jobs.runAfter, now)),
          options.takeOverLapsed
            ? and(eq(jobs.status, 'running'), lte(jobs.leaseUntil, now))
            : undefined,
        ),
      ),
    )
    .orderBy(...turnOrder(), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: leaseEnd(options.leaseMs),
      claimedBy: randomUUID(),
    })
    .where(sql`${jobs.id} = (${ready})`)
    .returning();
  return job ?? null;
}

/**
 * Owners take turns: a job with a fair key goes before others of the same kind when its
 * owner has fewer jobs running (in every process), then when its owner was served longer
 * ago. One teacher's burst of twelve renders therefore runs one at a time between other
 * teachers' renders instead of ahead of them. Jobs without a key keep their order.
 */
function turnOrder() {
  const running = sql`case when ${jobs.fairKey} is null then 0 else (
    select count(*) from jobs as owner_jobs where owner_jobs.fair_key = ${jobs.fairKey}
      and owner_jobs.status = 'running' and owner_jobs.lease_until > now()) end`;
  const lastServed = sql`case when ${jobs.fairKey} is null then null else (
    select max(owner_jobs.finished_at) from jobs as owner_jobs
    where owner_jobs.fair_key = ${jobs.fairKey} and owner_jobs.status in ('done', 'failed')) end`;
  return [asc(running), sql`${lastServed} asc nulls first`];
}

/**
 * Renews the lease every heartbeatMs while the job runs, and every second while the
 * database does not answer, so the lease is renewed within a second of its return.
 */
export function keepLease(
  db: Database,
  job: Job,
  options: { leaseMs: number; heartbeatMs: number; log: FastifyBaseLogger },
): { stop: () => void } {
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const beat = async () => {
    const asked = await renewLease(db, job, options.leaseMs, options.log);
    if (stopped) return;
    timer = setTimeout(() => void beat(), asked ? options.heartbeatMs : RETRY_WHILE_AWAY_MS);
    timer.unref?.();
  };
  timer = setTimeout(() => void beat(), options.heartbeatMs);
  timer.unref?.();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

/** False when the database could not be asked (the lease is then tried again soon). */
async function renewLease(
  db: Database,
  job: Job,
  leaseMs: number,
  log: FastifyBaseLogger,
): Promise<boolean> {
  try {
    const renewed = await db
      .update(jobs)
      .set({ leaseUntil: leaseEnd(leaseMs) })
      .where(ownClaim(job))
      .returning({ id: jobs.id });
    if (renewed.length === 0) log.warn('Lost the lease on a job in hand');
    return true;
  } catch (error) {
    if (!isDatabaseUnavailable(error)) log.warn({ err: error }, 'Could not renew a job lease');
    return false;
  }
}

/**
 * Writes a job's outcome, waiting for the database if it is away: the work is done, and
 * losing its outcome would run it again. The lease is kept meanwhile (keepLease), so no
 * one takes the job over; a stop, or OUTCOME_PATIENCE_MS, ends the wait and the lease
 * decides.
 */
export async function recordOutcome<T>(
  log: FastifyBaseLogger,
  stopping: () => boolean,
  write: () => Promise<T>,
): Promise<T> {
  const giveUpAt = Date.now() + OUTCOME_PATIENCE_MS;
  for (let said = false; ; said = true) {
    try {
      return await write();
    } catch (error) {
      if (!isDatabaseUnavailable(error) || stopping() || Date.now() > giveUpAt) throw error;
      if (!said) log.warn({ err: error }, 'The database is away: keeping the job’s outcome');
      await new Promise((resolve) => setTimeout(resolve, RETRY_WHILE_AWAY_MS));
    }
  }
}
