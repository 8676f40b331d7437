import { and, eq, gt, isNull } from 'drizzle-orm';
import type { SessionState } from '../../../contract/auth-debug';
import type { Database } from '../../db/client';
import { adminSessions, teacherSessions } from '../../db/schema';
import { ADMIN_SESSION_COOKIE, TEACHER_SESSION_COOKIE } from '../../platform/cookies';
import { hashToken } from '../../platform/secrets';
import { teachers } from './tables';

/** The flags every session cookie is set with (platform/cookies.ts): shown, never the value. */
function cookieFlags(name: string, secure: boolean): SessionState['cookie'] {
  return { name, httpOnly: true, secure, sameSite: 'lax', path: '/' };
}

/**
 * The live sessions the browser's cookies stand for: a teacher's (not blocked) and an
 * administrator's. Unknown, expired or revoked tokens give nothing.
 */
export async function sessionStates(
  db: Database,
  cookies: { teacher?: string; admin?: string },
  secure: boolean,
  now = new Date(),
): Promise<SessionState[]> {
  const states: SessionState[] = [];
  if (cookies.teacher) {
    const [row] = await db
      .select({ session: teacherSessions, email: teachers.email })
      .from(teacherSessions)
      .innerJoin(teachers, eq(teachers.id, teacherSessions.teacherId))
      .where(
        and(
          eq(teacherSessions.idHash, hashToken(cookies.teacher)),
          gt(teacherSessions.expiresAt, now),
          isNull(teachers.blockedAt),
        ),
      );
    if (row) {
      states.push({
        role: 'teacher',
        account: row.email,
        createdAt: row.session.createdAt.toISOString(),
        expiresAt: row.session.expiresAt.toISOString(),
        cookie: cookieFlags(TEACHER_SESSION_COOKIE, secure),
      });
    }
  }
  if (cookies.admin) {
    const [row] = await db
      .select()
      .from(adminSessions)
      .where(
        and(eq(adminSessions.idHash, hashToken(cookies.admin)), gt(adminSessions.expiresAt, now)),
      );
    if (row) {
      states.push({
        role: 'administrator',
        account: row.username,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
        cookie: cookieFlags(ADMIN_SESSION_COOKIE, secure),
      });
    }
  }
  return states;
}
