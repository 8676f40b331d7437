import { desc, eq } from 'drizzle-orm';
import { files, teacherSessions, teachers } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { forgetTeacher } from '../../platform/sessions';

const USER_NOT_FOUND = 'User not found';

export async function listTeachers(ctx: AppContext) {
  return ctx.db.select().from(teachers).orderBy(desc(teachers.createdAt), desc(teachers.id));
}

async function updateTeacher(
  ctx: AppContext,
  id: number,
  values: Partial<typeof teachers.$inferInsert>,
) {
  const [teacher] = await ctx.db
    .update(teachers)
    .set(values)
    .where(eq(teachers.id, id))
    .returning();
  if (!teacher) throw notFound(USER_NOT_FOUND);
  forgetTeacher(ctx.db, id);
  return teacher;
}

export async function verifyTeacher(ctx: AppContext, id: number) {
  return updateTeacher(ctx, id, { emailVerifiedAt: new Date() });
}

/** Blocking ends every session of the teacher in the same transaction. */
export async function blockTeacher(ctx: AppContext, id: number) {
  const blocked = await ctx.db.transaction(async (tx) => {
    const [teacher] = await tx
      .update(teachers)
      .set({ blockedAt: new Date() })
      .where(eq(teachers.id, id))
      .returning();
    if (!teacher) throw notFound(USER_NOT_FOUND);
    await tx.delete(teacherSessions).where(eq(teacherSessions.teacherId, id));
    return teacher;
  });
  forgetTeacher(ctx.db, id);
  return blocked;
}

export async function unblockTeacher(ctx: AppContext, id: number) {
  return updateTeacher(ctx, id, { blockedAt: null });
}

/**
 * Final: every row the teacher owns goes with it (ON DELETE CASCADE on teacher_id),
 * then the stored files those rows pointed at. Rows first: a crash in between leaves
 * unreferenced bytes, never a row pointing at nothing.
 */
export async function deleteTeacher(ctx: AppContext, id: number) {
  const storageKeys = await ctx.db.transaction(async (tx) => {
    const owned = await tx
      .select({ key: files.storageKey })
      .from(files)
      .where(eq(files.teacherId, id));
    const deleted = await tx
      .delete(teachers)
      .where(eq(teachers.id, id))
      .returning({ id: teachers.id });
    if (deleted.length === 0) throw notFound(USER_NOT_FOUND);
    return owned.map((row) => row.key);
  });
  forgetTeacher(ctx.db, id);
  for (const key of storageKeys) {
    await ctx.files
      .delete(key)
      .catch((error: unknown) =>
        ctx.log.warn({ err: error, key }, 'Could not delete a stored file'),
      );
  }
}
