import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { teachers } from '../../db/schema';
import { ADMIN_SESSION_TTL_MS, TEACHER_SESSION_TTL_MS } from '../cookies';
import { hashToken, newToken } from '../secrets';
import {
  cachedSession,
  cacheOf,
  forgetEverywhere,
  keepSession,
  SESSION_CACHE_MS,
} from '../session-cache';
import { adminSessions, teacherSessions } from './tables';

export type Teacher = typeof teachers.$inferSelect;

/*
 * Sessions are random opaque ids (256 bits) handed to the browser in a cookie;
 * the database keeps only their SHA-256, so a leaked table cannot be replayed.
 * Revoking is deleting the row and forgetting the cached answer (session-cache.ts), on
 * every instance within milliseconds.
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

export { SESSION_CACHE_MS } from '../session-cache';

/**
 * The signed-in teacher when the answer is in the cache and still fresh; undefined when the
 * database must be asked (findTeacherBySession). Lets a guard answer without waiting a turn.
 */
export function cachedTeacherBySession(
  db: Database,
  token: string,
  now = Date.now(),
): Teacher | undefined {
  return cachedSession(db, hashToken(token), now);
}

/** The signed-in teacher, or null when the session is unknown, expired, or the account is blocked. */
export async function findTeacherBySession(db: Database, token: string, now = new Date()) {
  const idHash = hashToken(token);
  const hit = cachedSession(db, idHash, now.getTime());
  if (hit) return hit;
  const generation = cacheOf(db).generation;
  const [row] = await db
    .select({ teacher: teachers, expiresAt: teacherSessions.expiresAt })
    .from(teacherSessions)
    .innerJoin(teachers, eq(teachers.id, teacherSessions.teacherId))
    .where(and(eq(teacherSessions.idHash, idHash), gt(teacherSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.teacher.blockedAt) return null;
  const until = Math.min(now.getTime() + SESSION_CACHE_MS, row.expiresAt.getTime());
  keepSession(db, idHash, row.teacher, until, generation);
  return row.teacher;
}

/**
 * Call after a change to a teacher's account (or its sessions) has committed: this
 * instance forgets at once, the others as soon as the database passes the message on.
 */
export function forgetTeacher(db: Database, teacherId: number): void {
  void forgetEverywhere(db, { teacher: teacherId });
}

/** Ends a session here and, before answering, tells the other instances to forget it. */
export async function revokeTeacherSession(db: Database, token: string): Promise<void> {
  const idHash = hashToken(token);
  await db.delete(teacherSessions).where(eq(teacherSessions.idHash, idHash));
  await forgetEverywhere(db, { session: idHash });
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

/** Ends every session of a teacher (in the caller's transaction; then `forgetTeacher`). */
export async function endTeacherSessions(db: Database | Transaction, teacherId: number) {
  await db.delete(teacherSessions).where(eq(teacherSessions.teacherId, teacherId));
}

/** Housekeeping: sessions past their expiry go. */
export async function deleteExpiredSessions(db: Database, now: Date) {
  await db.delete(teacherSessions).where(lt(teacherSessions.expiresAt, now));
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
}
