import { and, asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  STUDENT_MESSAGES,
  type studentInputByYearGroupSchema,
  type studentInputSchema,
} from '../../../contract/students';
import type { Database, Transaction } from '../../db/client';
import { notFound } from '../../platform/errors';
import { generatePupilCode } from './pupil-code';
import { students } from './tables';

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

export type Student = typeof students.$inferSelect;

/** The teacher's pupils in the directory's order: first name (any case), surname, then id. */
export async function listTeacherPupils(db: Database, teacherId: number): Promise<Student[]> {
  return db
    .select()
    .from(students)
    .where(eq(students.teacherId, teacherId))
    .orderBy(asc(sql`lower(${students.name})`), asc(students.surname), asc(students.id));
}
