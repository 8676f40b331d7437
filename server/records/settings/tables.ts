import { integer, jsonb, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { teachers } from '../teachers/tables';

/**
 * Settings and onboarding kept on the server, one row per teacher, so they follow the
 * teacher to another browser. Both columns are JSON read through contract/settings.ts,
 * which fills in the defaults: a new setting needs no migration, and a missing row means
 * every default.
 */
export const teacherSettings = pgTable('teacher_settings', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').notNull().default({}),
  onboarding: jsonb('onboarding').notNull().default({}),
  /** Hand-in notices are batched: at most one e-mail per 15 minutes. */
  lastHandInNoticeAt: timestamp('last_hand_in_notice_at', { withTimezone: true }),
  lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
  /** The Friday reminder about next week's lesson plan: at most one per week. */
  lastPlanReminderAt: timestamp('last_plan_reminder_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
