import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

/**
 * Durable background jobs (text extraction now; audio and video later). A job is
 * claimed with a lease; a crash leaves the lease to expire and the job runs again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * A fresh token per claim: the worker renews, finishes or hands back only its own
     * claim, so a worker that lost its lease cannot overwrite the claim of the one that
     * took the job over.
     */
    claimedBy: text('claimed_by'),
    lastError: text('last_error'),
    /**
     * Whose work this is (e.g. a teacher's renders), for taking turns: of the jobs ready,
     * the one whose owner has least running, then was served longest ago, goes first.
     */
    fairKey: text('fair_key'),
    /**
     * Failures in a row that said "not now" (the database or the file store away): retried
     * with back-off without counting as attempts, from retryingSince for up to an hour.
     */
    transientFailures: integer('transient_failures').notNull().default(0),
    retryingSince: timestamp('retrying_since', { withTimezone: true }),
    /** The id of the request that queued the job (the proxy's X-Request-Id), for its logs. */
    requestId: text('request_id'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('jobs_ready_idx').on(table.status, table.runAfter),
    index('jobs_fair_key_idx').on(table.fairKey, table.status, table.finishedAt),
  ],
);
