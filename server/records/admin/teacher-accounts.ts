import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AdminUserListQuery, AdminUserSummary } from '../../../contract/admin';
import { files, teachers } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { removeStoredFilesLater } from '../../platform/file-removal';
import {
  containing,
  createdAtExactOf,
  decodeCursor,
  encodeCursor,
} from '../../platform/keyset-page';
import type { AppContext } from '../../records/context';
import { deleteTeacherRow, endTeacherSessions, forgetTeacher, updateTeacherRow } from '../teachers';

const USER_NOT_FOUND = 'User not found';

const teacherSearch = (pattern: string): SQL =>
  or(
    ilike(sql`concat_ws(' ', ${teachers.firstName}, ${teachers.lastName})`, pattern),
    ilike(teachers.email, pattern),
  )!;

/**
 * One page of teachers, newest first (id breaks ties), read along teachers_created_idx:
 * a district of 5,000 answers a page of 50 as fast as a school of 50. A search matches
 * a substring of the name or the e-mail address, in any case.
 */
export async function listTeachers(ctx: AppContext, query: AdminUserListQuery) {
  const needle = query.q?.trim();
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const filter = needle ? teacherSearch(containing(needle)) : undefined;
  const pageFilter = after
    ? and(
        filter,
        sql`(${teachers.createdAt}, ${teachers.id}) < (${after.createdAt}::timestamptz, ${after.id})`,
      )
    : filter;
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({ teacher: teachers, createdAtExact: createdAtExactOf(teachers.createdAt) })
      .from(teachers)
      .where(pageFilter)
      .orderBy(desc(teachers.createdAt), desc(teachers.id))
      // One more than asked tells whether another page follows.
      .limit(query.limit + 1),
    ctx.db.select({ n: sql<number>`count(*)::int` }).from(teachers).where(filter),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    teachers: page.map((row) => row.teacher),
    total: counted?.n ?? 0,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor(last.createdAtExact, last.teacher.id) : null,
  };
}

/** How many teachers there are, verified and blocked: one pass, no rows sent. */
export async function summarizeTeachers(ctx: AppContext): Promise<AdminUserSummary> {
  const [row] = await ctx.db
    .select({
      teachers: sql<number>`count(*)::int`,
      verified: sql<number>`(count(*) filter (where ${teachers.emailVerifiedAt} is not null))::int`,
      blocked: sql<number>`(count(*) filter (where ${teachers.blockedAt} is not null))::int`,
    })
    .from(teachers);
  return row ?? { teachers: 0, verified: 0, blocked: 0 };
}

async function updateTeacher(
  ctx: AppContext,
  id: number,
  values: Partial<typeof teachers.$inferInsert>,
) {
  const teacher = await updateTeacherRow(ctx.db, id, values);
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
    const teacher = await updateTeacherRow(tx, id, { blockedAt: new Date() });
    if (!teacher) throw notFound(USER_NOT_FOUND);
    await endTeacherSessions(tx, id);
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
    if (!(await deleteTeacherRow(tx, id))) throw notFound(USER_NOT_FOUND);
    await removeStoredFilesLater(
      tx,
      owned.map((row) => row.key),
    );
  });
  forgetTeacher(ctx.db, id);
}
