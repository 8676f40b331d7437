import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

/**
 * A teacher's comment bank: comments kept to use again, most used first. `uses` counts the
 * saved feedback items that used one (not insertions later cancelled).
 */
export const bankComments = pgTable(
  'bank_comments',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    uses: integer('uses').notNull().default(0),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // One copy of a comment per bank; hashed, as a comment may be longer than an index entry.
    uniqueIndex('bank_comments_teacher_text_unique').on(table.teacherId, sql`md5(${table.text})`),
  ],
);
