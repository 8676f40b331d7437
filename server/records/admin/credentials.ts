import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword, safeEqual, verifyPassword } from '../../platform/secrets';
import type { AppContext } from '../../records/context';
import { adminCredentials } from './tables';

const DEFAULT_USERNAME = 'admin';

export function adminUsername(ctx: AppContext): string {
  return ctx.config.admin.username ?? DEFAULT_USERNAME;
}

/**
 * With ADMIN_PASSWORD set, the environment is the credential. Without it, a random
 * password is generated on first start, printed once, and only its hash is kept.
 */
export async function ensureAdminCredentials(ctx: AppContext): Promise<void> {
  if (ctx.config.admin.password) return;
  const username = adminUsername(ctx);
  const [existing] = await ctx.db
    .select({ username: adminCredentials.username })
    .from(adminCredentials)
    .where(eq(adminCredentials.username, username));
  if (existing) return;
  const password = randomBytes(15).toString('base64url');
  const inserted = await ctx.db
    .insert(adminCredentials)
    .values({ username, passwordHash: await hashPassword(password) })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) return;
  ctx.log.warn(
    `Administrator account created. Username: ${username}  Password: ${password}  ` +
      '(shown only this once; set ADMIN_USERNAME and ADMIN_PASSWORD to choose your own)',
  );
}

export async function checkAdminCredentials(
  ctx: AppContext,
  username: string,
  password: string,
): Promise<boolean> {
  const expectedUsername = adminUsername(ctx);
  const usernameOk = safeEqual(username, expectedUsername);
  if (ctx.config.admin.password)
    return usernameOk && safeEqual(password, ctx.config.admin.password);
  const [row] = await ctx.db
    .select()
    .from(adminCredentials)
    .where(eq(adminCredentials.username, expectedUsername));
  if (!row) return false;
  const passwordOk = await verifyPassword(password, row.passwordHash);
  return usernameOk && passwordOk;
}
