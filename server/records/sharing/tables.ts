import { bigint, integer, pgTable } from 'drizzle-orm/pg-core';
import { teachers } from '../teachers/tables';

/**
 * A number that changes whenever anything a teacher's shared feedback views show changes:
 * the documents and their feedback and marks, the links (made, revoked, deleted), the
 * teacher's name, the pupils' files. Triggers (migration 0025) bump it in the committing
 * transaction; each app instance answers a parent's link from memory while it is unchanged
 * (records/sharing/view-cache.ts). Link views are kept elsewhere and do not bump it.
 */
export const sharedViewVersions = pgTable('shared_view_versions', {
  teacherId: integer('teacher_id')
    .primaryKey()
    .references(() => teachers.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
