import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminSessions, teacherSessions, teachers } from '../db/schema';
import { ADMIN_SESSION_TTL_MS, TEACHER_SESSION_TTL_MS } from './cookies';
import { hashToken, newToken } from './secrets';

export type Teacher = typeof teachers.$inferSelect;

/*
 * Sessions are random opaque ids (256 bits) handed to the browser in a cookie;
 * the database keeps only their SHA-256, so a leaked table cannot be replayed.
 * Revoking is deleting the row, which takes effect on the very next request.
 */

export async function createTeacherSession(
  db: Database,
  teacherId: number,
  userAgent: string | undefined,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + TEACHER_SESSION_TTL_MS);
  await db.insert(teacherSessions).values({
    idHash: hashToken(token),
    teacherId,
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
  });
  return { token, expiresAt };
}

/** The signed-in teacher, or null when the session is unknown, expired, or the account is blocked. */
export async function findTeacherBySession(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ teacher: teachers })
    .from(teacherSessions)
    .innerJoin(teachers, eq(teachers.id, teacherSessions.teacherId))
    .where(and(eq(teacherSessions.idHash, hashToken(token)), gt(teacherSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.teacher.blockedAt) return null;
  return row.teacher;
}

export async function revokeTeacherSession(db: Database, token: string): Promise<void> {
  await db.delete(teacherSessions).where(eq(teacherSessions.idHash, hashToken(token)));
}

export async function revokeAllTeacherSessions(db: Database, teacherId: number): Promise<void> {
  await db.delete(teacherSessions).where(eq(teacherSessions.teacherId, teacherId));
}

export async function createAdminSession(
  db: Database,
  username: string,
  now = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ADMIN_SESSION_TTL_MS);
  await db.insert(adminSessions).values({ idHash: hashToken(token), username, expiresAt });
  return { token, expiresAt };
}

export async function findAdminBySession(db: Database, token: string, now = new Date()) {
  const [row] = await db
    .select({ username: adminSessions.username })
    .from(adminSessions)
    .where(and(eq(adminSessions.idHash, hashToken(token)), gt(adminSessions.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

export async function revokeAdminSession(db: Database, token: string): Promise<void> {
  await db.delete(adminSessions).where(eq(adminSessions.idHash, hashToken(token)));
}
