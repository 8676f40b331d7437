import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Periodic work (digests, reminders, retention, housekeeping...): one row per task. The
 * process that claims a due row (FOR UPDATE SKIP LOCKED) moves next_run_at on and queues
 * the task as a job in the same transaction, so it runs once per period however many
 * processes tick.
 */
export const schedules = pgTable('schedules', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
  lastQueuedAt: timestamp('last_queued_at', { withTimezone: true }),
});
