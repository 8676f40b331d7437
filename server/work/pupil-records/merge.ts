import { STUDENT_MESSAGES } from '../../../contract/students';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import { moveDocumentsToStudent } from '../../records/documents';
import { absorbStudent, lockTeacherStudents } from '../../records/pupils';
import { moveReportsToStudent } from '../../records/reports';

/**
 * Two records of one child (a hand-in typed with other initials): the documents and
 * reports of `fromId` move to `intoId`, blanks of the kept record are filled from the
 * other, and the other record goes. Feedback, links and files follow their documents.
 * One transaction; each change is made by the module that owns its table.
 */
export async function mergeStudents(
  db: Database,
  teacherId: number,
  fromId: number,
  intoId: number,
) {
  if (fromId === intoId) throw badRequest(STUDENT_MESSAGES.mergeSelf);
  return db.transaction(async (tx) => {
    // Both locked, in id order so two opposite merges cannot deadlock.
    const locked = await lockTeacherStudents(tx, teacherId, [fromId, intoId]);
    const from = locked.find((s) => s.id === fromId);
    const into = locked.find((s) => s.id === intoId);
    if (!from || !into) throw notFound(STUDENT_MESSAGES.notFound);
    const moved = await moveDocumentsToStudent(tx, teacherId, from.id, into.id);
    const movedReports = await moveReportsToStudent(tx, teacherId, from.id, into.id);
    const kept = await absorbStudent(tx, from, into);
    return { student: kept, movedDocuments: moved.length, movedReports: movedReports.length };
  });
}
