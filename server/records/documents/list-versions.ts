import type { Database } from '../../db/client';
import { type TeacherVersions, teacherVersionsFor } from '../../db/teacher-versions';
import { documentListVersions } from './tables';

/**
 * A teacher's documents-list version, which the list cache (list-cache.ts) compares with
 * the version a page was built at. Any change the list shows changes the version
 * (migrations 0013 and 0015); every such change writes the row, so no row means 0.
 */
export function listVersionsFor(db: Database): TeacherVersions {
  return teacherVersionsFor(db, {
    table: documentListVersions,
    statement: 'document_list_version',
    channel: 'document_list_changed',
    noticeSetting: 'cv.list_change_notices',
    missingRowIsZero: true,
  });
}
