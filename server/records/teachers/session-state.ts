import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionState } from '../../../contract/auth-debug';
import type { Database } from '../../db/client';
import { TEACHER_SESSION_COOKIE } from '../../platform/cookies';
import { hashToken } from '../../platform/secrets';
import { teacherSessions, teachers } from './tables';

/** The flags every session cookie is set with (platform/cookies.ts): shown, never the value. */
export function sessionCookieFlags(name: string, secure: boolean): SessionState['cookie'] {
  return { name, httpOnly: true, secure, sameSite: 'lax', path: '/' };
}

/**
 * The live teacher session the browser's cookie stands for (not blocked), or null. Unknown,
 * expired or revoked tokens give nothing.
 */
export async function teacherSessionState(
  db: Database,
  token: string | undefined,
  secure: boolean,
  now = new Date(),
): Promise<SessionState | null> {
  if (!token) return null;
  const [row] = await db
    .select({ session: teacherSessions, email: teachers.email })
    .from(teacherSessions)
    .innerJoin(teachers, eq(teachers.id, teacherSessions.teacherId))
    .where(
      and(
        eq(teacherSessions.idHash, hashToken(token)),
        gt(teacherSessions.expiresAt, now),
        isNull(teachers.blockedAt),
      ),
    );
  if (!row) return null;
  return {
    role: 'teacher',
    account: row.email,
    createdAt: row.session.createdAt.toISOString(),
    expiresAt: row.session.expiresAt.toISOString(),
    cookie: sessionCookieFlags(TEACHER_SESSION_COOKIE, secure),
  };
}
