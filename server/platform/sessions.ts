import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adminSessions, teacherSessions, teachers } from '../db/schema';
import { ADMIN_SESSION_TTL_MS, TEACHER_SESSION_TTL_MS } from './cookies';
import { hashToken, newToken } from './secrets';

export type Teacher = typeof teachers.$inferSelect;

/*
 * Sessions are random opaque ids (256 bits) handed to the browser in a cookie;
 * the database keeps only their SHA-256, so a leaked table cannot be replayed.
 * Revoking is deleting the row (and forgetting the cached answer below), which takes
 * effect on the very next request.
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

/*
 * Every teacher request asks who is signed in, so the answer is kept in memory for a
 * few seconds. Anything that ends a session or changes the account (logout, block,
 * delete, an administrator's edit) forgets it at once through the functions below. Each
 * of those also moves a generation on, so a lookup that read the database before the
 * change and returns after it is not cached. With several app instances the other
 * instances can trust a revoked session for at most SESSION_CACHE_MS.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX_ENTRIES = 10_000;

type CachedSession = { teacher: Teacher; until: number };
type SessionCache = { entries: Map<string, CachedSession>; generation: number };
const caches = new WeakMap<Database, SessionCache>();

function cacheOf(db: Database): SessionCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = { entries: new Map(), generation: 0 };
    caches.set(db, cache);
  }
  return cache;
}

/**
 * The signed-in teacher when the answer is in the cache and still fresh; undefined when the
 * database must be asked (findTeacherBySession). Lets a guard answer without waiting a turn.
 */
export function cachedTeacherBySession(
  db: Database,
  token: string,
  now = Date.now(),
): Teacher | undefined {
  const hit = cacheOf(db).entries.get(hashToken(token));
  return hit && hit.until > now ? hit.teacher : undefined;
}

/** The signed-in teacher, or null when the session is unknown, expired, or the account is blocked. */
export async function findTeacherBySession(db: Database, token: string, now = new Date()) {
  const cache = cacheOf(db);
  const idHash = hashToken(token);
  const hit = cache.entries.get(idHash);
  if (hit && hit.until > now.getTime()) return hit.teacher;
  if (hit) cache.entries.delete(idHash);
  const generation = cache.generation;
  const [row] = await db
    .select({ teacher: teachers, expiresAt: teacherSessions.expiresAt })
    .from(teacherSessions)
    .innerJoin(teachers, eq(teachers.id, teacherSessions.teacherId))
    .where(and(eq(teacherSessions.idHash, idHash), gt(teacherSessions.expiresAt, now)))
    .limit(1);
  if (!row || row.teacher.blockedAt) return null;
  if (cache.generation === generation) {
    // Oldest first out: a Map keeps insertion order.
    if (cache.entries.size >= SESSION_CACHE_MAX_ENTRIES) {
      cache.entries.delete(cache.entries.keys().next().value as string);
    }
    const until = Math.min(now.getTime() + SESSION_CACHE_MS, row.expiresAt.getTime());
    cache.entries.set(idHash, { teacher: row.teacher, until });
  }
  return row.teacher;
}

/** Call after a change to a teacher's account (or its sessions) has committed. */
export function forgetTeacher(db: Database, teacherId: number): void {
  const cache = cacheOf(db);
  cache.generation += 1;
  for (const [idHash, entry] of cache.entries) {
    if (entry.teacher.id === teacherId) cache.entries.delete(idHash);
  }
}

export async function revokeTeacherSession(db: Database, token: string): Promise<void> {
  const idHash = hashToken(token);
  await db.delete(teacherSessions).where(eq(teacherSessions.idHash, idHash));
  const cache = cacheOf(db);
  cache.generation += 1;
  cache.entries.delete(idHash);
}

export async function revokeAllTeacherSessions(db: Database, teacherId: number): Promise<void> {
  await db.delete(teacherSessions).where(eq(teacherSessions.teacherId, teacherId));
  forgetTeacher(db, teacherId);
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
