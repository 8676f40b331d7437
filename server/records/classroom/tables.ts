import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

/**
 * A teacher's classroom passphrase. The id is a random public id (not a counter): the
 * pupil pages carry it in their address, so it must be as hard to guess as the phrase.
 * A new phrase gets a new row and id; the old row is deleted, so old links stop working.
 */
export const classroomKeys = pgTable(
  'classroom_keys',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyPhrase: text('key_phrase').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('classroom_keys_phrase_unique').on(table.keyPhrase),
    uniqueIndex('classroom_keys_teacher_unique').on(table.teacherId),
  ],
);
