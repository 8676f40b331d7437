import { timingSafeEqual } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { documents, students } from '../../db/schema';
import { givePupilCodeIfMissing } from '../pupils';

type Tx = Transaction;
type Pupil = typeof students.$inferSelect;

/*
 * Marked-work protection: "View Marked Work" also asks for the pupil's personal code.
 * The code is shown on the hand-in success screen only at the pupil's first hand-in (the
 * record was just created). Showing it to anyone who hands in under an existing name
 * would give it to the classmate the code is meant to stop; a pupil whose record
 * already exists gets a code kept for the teacher to hand out from the directory.
 */

/** The code to show after this hand-in, or null. Gives a pupil without one a code. */
export async function codeForHandIn(tx: Tx, pupil: Pupil): Promise<string | null> {
  const [earlier] = await tx
    .select({ n: count() })
    .from(documents)
    .where(eq(documents.studentId, pupil.id));
  const firstHandIn = Number(earlier?.n ?? 0) === 0;
  let code = pupil.pupilCode;
  if (!code) {
    code = await givePupilCodeIfMissing(tx, pupil.id);
  }
  // now() is the transaction's start: equal to created_at only for a row made in it.
  const [made] = await tx
    .select({ now: sql<boolean>`${students.createdAt} = now()` })
    .from(students)
    .where(eq(students.id, pupil.id));
  return firstHandIn && made?.now === true ? code : null;
}

/** Gives every pupil of the teacher without a code one (when protection is turned on). */
export async function ensurePupilCodes(db: Database, teacherId: number): Promise<void> {
  const missing = await db
    .select({ id: students.id })
    .from(students)
    .where(and(eq(students.teacherId, teacherId), isNull(students.pupilCode)));
  for (const { id } of missing) {
    await givePupilCodeIfMissing(db, id);
  }
}

export function pupilCodeMatches(stored: string | null, typed: string | undefined): boolean {
  if (!stored || !typed || stored.length !== typed.length) return false;
  return timingSafeEqual(Buffer.from(stored), Buffer.from(typed));
}
