import { desc, eq } from 'drizzle-orm';
import { files, teacherSessions, teachers } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import { forgetTeacher } from '../../platform/sessions';
import type { AppContext } from '../../records/context';

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
 * Final: every row the teacher owns goes with it (ON DELETE CASCADE on teacher_id), and
 * a durable job to remove the stored files those rows pointed at commits in the same
 * transaction: a crash after the commit leaves the job, which a restart finishes.
 */
export async function deleteTeacher(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const owned = await tx
      .select({ key: files.storageKey })
      .from(files)
      .where(eq(files.teacherId, id));
    const deleted = await tx
      .delete(teachers)
      .where(eq(teachers.id, id))
      .returning({ id: teachers.id });
    if (deleted.length === 0) throw notFound(USER_NOT_FOUND);
    await removeStoredFilesLater(
      tx,
      owned.map((row) => row.key),
    );
  });
  forgetTeacher(ctx.db, id);
}
