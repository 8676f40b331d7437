import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { generatePupilCode } from './pupil-code';
import { students } from './tables';

/*
 * Changes to students asked for by other modules: the pupil portal's codes, a pupil's merge
 * and erasure. Only this module writes the table (decision 0066).
 */

type Student = typeof students.$inferSelect;

/** Gives the pupil a code if they have none yet; the code given, or null if they had one. */
export async function givePupilCodeIfMissing(db: Database | Transaction, studentId: number) {
  const [updated] = await db
    .update(students)
    .set({ pupilCode: generatePupilCode() })
    .where(and(eq(students.id, studentId), isNull(students.pupilCode)))
    .returning({ pupilCode: students.pupilCode });
  return updated?.pupilCode ?? null;
}

/** Two of a teacher's pupils, locked for update in id order (two opposite merges cannot deadlock). */
export async function lockTeacherStudents(tx: Transaction, teacherId: number, ids: number[]) {
  return tx
    .select()
    .from(students)
    .where(and(eq(students.teacherId, teacherId), inArray(students.id, ids)))
    .orderBy(asc(students.id))
    .for('update');
}

/**
 * The second half of a merge: blanks of the kept record are filled from the other, and the
 * other record goes (its documents and reports moved first by their owners); the kept row.
 */
export async function absorbStudent(tx: Transaction, from: Student, into: Student) {
  const fill = <K extends keyof Student>(key: K) => into[key] ?? from[key];
  const [kept] = await tx
    .update(students)
    .set({
      surname: fill('surname'),
      surnameInitials: fill('surnameInitials'),
      yearGroup: fill('yearGroup'),
      grade: fill('grade'),
      email: fill('email'),
      notes: fill('notes'),
      parentName: fill('parentName'),
      parentEmail: fill('parentEmail'),
      imageUrl: fill('imageUrl'),
      pupilCode: fill('pupilCode'),
      // The child was known since the earlier of the two records.
      createdAt: new Date(Math.min(from.createdAt.getTime(), into.createdAt.getTime())),
    })
    .where(eq(students.id, into.id))
    .returning();
  await tx.delete(students).where(eq(students.id, from.id));
  return kept!;
}

/** Deletes one pupil's row (a pupil's erasure, in its transaction). */
export async function deleteStudentRow(tx: Transaction, studentId: number) {
  await tx.delete(students).where(eq(students.id, studentId));
}
