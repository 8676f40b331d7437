import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { students } from '../../db/schema';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

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
