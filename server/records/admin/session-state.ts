import { and, eq, gt } from 'drizzle-orm';
import type { SessionState } from '../../../contract/auth-debug';
import type { Database } from '../../db/client';
import { ADMIN_SESSION_COOKIE } from '../../platform/cookies';
import { hashToken } from '../../platform/secrets';
import { sessionCookieFlags } from '../teachers';
import { adminSessions } from './tables';

/**
 * The live administrator session the browser's cookie stands for, or null. Unknown,
 * expired or revoked tokens give nothing.
 */
export async function adminSessionState(
  db: Database,
  token: string | undefined,
  secure: boolean,
  now = new Date(),
): Promise<SessionState | null> {
  if (!token) return null;
  const [row] = await db
    .select()
    .from(adminSessions)
    .where(and(eq(adminSessions.idHash, hashToken(token)), gt(adminSessions.expiresAt, now)));
  if (!row) return null;
  return {
    role: 'administrator',
    account: row.username,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    cookie: sessionCookieFlags(ADMIN_SESSION_COOKIE, secure),
  };
}
