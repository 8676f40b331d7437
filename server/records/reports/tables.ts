import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { students } from '../pupils/tables';
import { teachers } from '../teachers/tables';
import { videoRenders } from '../videos/tables';

/*
 * Parent reports: a teacher's spoken note about a pupil, cleaned up, with its avatar
 * video, shared with the parent through an expiring link (same rules as feedback links).
 */

export const REPORT_STATUSES = ['draft', 'sent'] as const;

export const parentReports = pgTable(
  'parent_reports',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    studentId: integer('student_id').references(() => students.id, { onDelete: 'set null' }),
    subjects: text('subjects').notNull(),
    /** The enhanced transcript the teacher approved: what the parent reads. */
    content: text('content').notNull(),
    /** What was said, before enhancement. */
    transcript: text('transcript').notNull().default(''),
    templateId: text('template_id'),
    status: text('status', { enum: REPORT_STATUSES }).notNull().default('draft'),
    videoRenderId: text('video_render_id').references(() => videoRenders.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [
    index('parent_reports_teacher_idx').on(table.teacherId, table.updatedAt, table.id),
    index('parent_reports_student_idx').on(table.studentId),
    index('parent_reports_video_render_idx')
      .on(table.videoRenderId)
      .where(sql`${table.videoRenderId} is not null`),
  ],
);
