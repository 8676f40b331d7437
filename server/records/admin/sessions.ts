import { and, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ADMIN_SESSION_TTL_MS } from '../../platform/cookies';
import { hashToken, newToken } from '../../platform/secrets';
import { adminSessions } from './tables';

/* The administrator's sessions: as a teacher's, only the SHA-256 of the random id is kept. */

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
/** Housekeeping: administrator sessions past their expiry go. */
export async function deleteExpiredAdminSessions(db: Database, now: Date) {
  await db.delete(adminSessions).where(lt(adminSessions.expiresAt, now));
}
