import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STUDENT_MESSAGES,
  type studentInputByYearGroupSchema,
  type studentInputSchema,
} from '../../../contract/students';
import type { Database, Transaction } from '../../db/client';
import { documents, parentReports, students } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { generatePupilCode } from './pupil-code';

type Tx = Transaction;

export async function findTeacherStudent(db: Database | Tx, teacherId: number, studentId: number) {
  const [row] = await db
    .select()
    .from(students)
    .where(and(eq(students.id, studentId), eq(students.teacherId, teacherId)));
  return row ?? null;
}

/** Pupils without an account are recognised by first name and the first two surname letters. */
export async function findPupilsByIdentity(
  db: Database | Tx,
  teacherId: number,
  firstName: string,
  surnameInitials: string,
) {
  return db
    .select()
    .from(students)
    .where(
      and(
        eq(students.teacherId, teacherId),
        eq(sql`lower(${students.name})`, firstName.toLowerCase()),
        eq(students.surnameInitials, surnameInitials),
      ),
    );
}

/** The pupil handing in work, added to the teacher's directory when first seen. */
export async function findOrCreatePupil(
  db: Tx,
  teacherId: number,
  pupil: { firstName: string; surnameInitials: string; yearGroup: string },
) {
  const matches = await findPupilsByIdentity(db, teacherId, pupil.firstName, pupil.surnameInitials);
  // Same name and initials in another year group is another child.
  const sameYear = matches.find((s) => s.yearGroup === pupil.yearGroup);
  if (sameYear) return sameYear;
  const [created] = await db
    .insert(students)
    .values({
      teacherId,
      name: pupil.firstName,
      surnameInitials: pupil.surnameInitials,
      yearGroup: pupil.yearGroup,
      pupilCode: generatePupilCode(),
    })
    .returning();
  return created!;
}

export function pupilDisplayName(student: {
  name: string;
  surname: string | null;
  surnameInitials: string | null;
}) {
  return [student.name, student.surname ?? student.surnameInitials].filter(Boolean).join(' ');
}

/** The directory's form, by grade or by year group (Settings > General). */
type StudentValues =
  | z.output<typeof studentInputSchema>
  | z.output<typeof studentInputByYearGroupSchema>;

/** Hand-ins find a pupil by first name and the first two surname letters. */
function initialsOf(surname: string | null): string | null {
  const letters = surname?.normalize('NFC').match(/\p{L}/gu);
  return letters && letters.length >= 2 ? letters.slice(0, 2).join('').toUpperCase() : null;
}

export async function createStudent(db: Database, teacherId: number, input: StudentValues) {
  const [created] = await db
    .insert(students)
    .values({
      teacherId,
      ...input,
      surnameInitials: initialsOf(input.surname),
      pupilCode: generatePupilCode(),
    })
    .returning();
  return created!;
}

/**
 * Completes or corrects a record. Initials a pupil typed when handing in stay as they
 * are, so the pupil still finds their marked work; a record without any takes them from
 * the surname.
 */
export async function updateStudent(
  db: Database,
  teacherId: number,
  studentId: number,
  input: StudentValues,
) {
  return db.transaction(async (tx) => {
    const existing = await findTeacherStudent(tx, teacherId, studentId);
    if (!existing) throw notFound(STUDENT_MESSAGES.notFound);
    const [updated] = await tx
      .update(students)
      .set({
        ...input,
        surnameInitials: existing.surnameInitials ?? initialsOf(input.surname),
        pupilCode: existing.pupilCode ?? generatePupilCode(),
      })
      .where(eq(students.id, studentId))
      .returning();
    return updated!;
  });
}

/**
 * Two records of one child (a hand-in typed with other initials): the documents and
 * reports of `fromId` move to `intoId`, blanks of the kept record are filled from the
 * other, and the other record goes. Feedback, links and files follow their documents.
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
    const locked = await tx
      .select()
      .from(students)
      .where(and(eq(students.teacherId, teacherId), inArray(students.id, [fromId, intoId])))
      .orderBy(asc(students.id))
      .for('update');
    const from = locked.find((s) => s.id === fromId);
    const into = locked.find((s) => s.id === intoId);
    if (!from || !into) throw notFound(STUDENT_MESSAGES.notFound);
    const moved = await tx
      .update(documents)
      .set({ studentId: into.id })
      .where(and(eq(documents.teacherId, teacherId), eq(documents.studentId, from.id)))
      .returning({ id: documents.id });
    const movedReports = await tx
      .update(parentReports)
      .set({ studentId: into.id })
      .where(and(eq(parentReports.teacherId, teacherId), eq(parentReports.studentId, from.id)))
      .returning({ id: parentReports.id });
    const fill = <K extends keyof typeof into>(key: K) => into[key] ?? from[key];
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
    return { student: kept!, movedDocuments: moved.length, movedReports: movedReports.length };
  });
}
