import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../../records/teachers/tables';

export const teacherSessions = pgTable(
  'teacher_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    userAgent: text('user_agent'),
  },
  (table) => [index('teacher_sessions_teacher_idx').on(table.teacherId)],
);

export const adminSessions = pgTable('admin_sessions', {
  idHash: text('id_hash').primaryKey(),
  username: text('username').notNull(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
