import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../../records/teachers/tables';

/** Every e-mail the app sends; without SMTP this is the dev outbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id').references(() => teachers.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery attempts so far (each a `deliver-mail` job run); the last one's error. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Set when delivery was given up (a refusal by the relay, or a day of failures). */
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  // Every foreign key has an index on its column (migration 0026): deleting the row it
  // points at finds the rows to cascade or clear through it, not by reading the table.
  (table) => [index('mail_outbox_teacher_idx').on(table.teacherId)],
);
