import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { TEACHER_SESSION_TTL_MS } from '../../platform/cookies';
import { hashToken, newToken } from '../../platform/secrets';
import {
  cachedSession,
  cacheOf,
  forgetEverywhere,
  keepSession,
  SESSION_CACHE_MS,
} from '../../platform/session-cache';
import { teacherSessions, teachers } from './tables';

export type Teacher = typeof teachers.$inferSelect;

/*
 * Sessions are random opaque ids (256 bits) handed to the browser in a cookie;
 * the database keeps only their SHA-256, so a leaked table cannot be replayed.
 * Revoking is deleting the row and forgetting the cached answer (platform/session-cache.ts),
 * on every instance within milliseconds.
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

export { SESSION_CACHE_MS } from '../../platform/session-cache';

/**
 * The signed-in teacher when the answer is in the cache and still fresh; undefined when the
 * database must be asked (findTeacherBySession). Lets a guard answer without waiting a turn.
 */
export function cachedTeacherBySession(
  db: Database,
  token: string,
  now = Date.now(),
): Teacher | undefined {
  return cachedSession<Teacher>(db, hashToken(token), now);
}

/** The signed-in teacher, or null when the session is unknown, expired, or the account is blocked. */
export async function findTeacherBySession(db: Database, token: string, now = new Date()) {
  const idHash = hashToken(token);
  const hit = cachedSession<Teacher>(db, idHash, now.getTime());
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

/** Ends every session of a teacher (in the caller's transaction; then `forgetTeacher`). */
export async function endTeacherSessions(db: Database | Transaction, teacherId: number) {
  await db.delete(teacherSessions).where(eq(teacherSessions.teacherId, teacherId));
}

/** Housekeeping: teacher sessions past their expiry go. */
export async function deleteExpiredTeacherSessions(db: Database, now: Date) {
  await db.delete(teacherSessions).where(lt(teacherSessions.expiresAt, now));
}
