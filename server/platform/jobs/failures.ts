import { sql } from 'drizzle-orm';
import { isTransientFailure } from '../outages';
import type { jobs } from './tables';

type Job = typeof jobs.$inferSelect;
type JobValues = Partial<typeof jobs.$inferInsert> | Record<string, unknown>;

/** A failure that retrying cannot fix (a damaged file): the job fails at once. */
export class PermanentJobError extends Error {}

export type RetryPolicy = {
  maxAttempts: number;
  /** The wait before the next attempt, after `attempts` attempts have failed. */
  delayMs: (attempts: number) => number;
};

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttempts: 3,
  delayMs: (attempts) => 10_000 * attempts ** 2,
};

/**
 * How long failures that say "not now" (the database or the file store away) are retried
 * without counting as attempts. An outage of a store or a database restart must not use up
 * a hand-in's three attempts in fifty seconds; after an hour of them the handler's own
 * policy counts again, so a job whose store never comes back still ends.
 */
export const TRANSIENT_RETRY_MS = 60 * 60_000;

/** 5 s, 10 s, 20 s … at most 2 min apart: soon after a short outage, cheap in a long one. */
export function transientDelayMs(failuresInARow: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, failuresInARow - 1), 120_000);
}

export type FailureDecision = {
  /** Given up: the job is failed and its handler's onFailure leaves a visible state. */
  final: boolean;
  transient: boolean;
  /** The job row's new values (besides the lease, which the runner clears). */
  values: JobValues;
};

/** What a failed run leads to: another attempt (counted or not, and when) or the end. */
export function decideFailure(
  job: Job,
  error: Error,
  retry: RetryPolicy,
  now = Date.now(),
): FailureDecision {
  const lastError = error.message.slice(0, 2000);
  const transient = !(error instanceof PermanentJobError) && isTransientFailure(error);
  const since = job.retryingSince?.getTime() ?? now;
  if (transient && now - since < TRANSIENT_RETRY_MS) {
    const failures = job.transientFailures + 1;
    return {
      final: false,
      transient,
      values: {
        status: 'queued',
        lastError,
        // The claim counted an attempt; this one was the outage's, not the job's.
        attempts: sql`greatest(attempts - 1, 0)`,
        transientFailures: failures,
        retryingSince: job.retryingSince ?? new Date(now),
        runAfter: new Date(now + transientDelayMs(failures)),
      },
    };
  }
  const final = error instanceof PermanentJobError || job.attempts >= retry.maxAttempts;
  return {
    final,
    transient,
    values: {
      status: final ? 'failed' : 'queued',
      lastError,
      transientFailures: transient ? job.transientFailures + 1 : 0,
      retryingSince: transient ? job.retryingSince : null,
      finishedAt: final ? sql`clock_timestamp()` : null,
      runAfter: new Date(now + retry.delayMs(job.attempts)),
    },
  };
}
