import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { teachers } from '../teachers/tables';

/** Every stored file: uploads, audio clips. The server chooses the storage key. */
export const files = pgTable(
  'files',
  {
    id: text('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => teachers.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** Who put it there: a pupil through the classroom key, or the teacher. */
    uploadedBy: text('uploaded_by', { enum: ['pupil', 'teacher'] }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('files_teacher_idx').on(table.teacherId)],
);
