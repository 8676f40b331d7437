import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { emailTokens, teachers } from './tables';

/*
 * Changes to teachers and email_tokens asked for by other modules: the administrator's
 * teacher management and housekeeping. Only this module writes them (decision 0066).
 */

/** Updates one teacher's row; the updated row, or undefined when there is none. */
export async function updateTeacherRow(
  db: Database | Transaction,
  id: number,
  values: Partial<typeof teachers.$inferInsert>,
) {
  const [teacher] = await db.update(teachers).set(values).where(eq(teachers.id, id)).returning();
  return teacher;
}

/** Deletes a teacher and (ON DELETE CASCADE) all they own; whether there was one. */
export async function deleteTeacherRow(db: Database | Transaction, id: number) {
  const deleted = await db
    .delete(teachers)
    .where(eq(teachers.id, id))
    .returning({ id: teachers.id });
  return deleted.length > 0;
}

/** Housekeeping: e-mail tokens expired or used before `now` go. */
export async function deleteSpentEmailTokens(db: Database, now: Date) {
  await db
    .delete(emailTokens)
    .where(
      or(
        lt(emailTokens.expiresAt, now),
        and(isNotNull(emailTokens.usedAt), lt(emailTokens.usedAt, now)),
      ),
    );
}

/** Whether a teacher account with this id exists. */
export async function teacherExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.id, id));
  return row !== undefined;
}
