import { and, eq, isNull } from 'drizzle-orm';
import { escapeHtml } from '../../platform/mail';
import { hashToken, newToken } from '../../platform/secrets';
import type { AppContext } from '../../records/context';
import type { Teacher } from './sessions';
import { emailTokens, teachers } from './tables';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
/** Where the e-mailed link points; it redirects to /login with the outcome flag. */
export const VERIFY_PATH = '/api/auth/verify-email';

export type VerificationOutcome = 'verified' | 'expired' | 'invalid' | 'verification_failed';

/** Issues a fresh single-use link and e-mails it. Earlier unused links stay valid until they expire. */
export async function sendVerificationEmail(ctx: AppContext, teacher: Teacher): Promise<void> {
  const token = newToken();
  await ctx.db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    teacherId: teacher.id,
    purpose: 'verify_email',
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  const link = `${ctx.config.publicUrl}${VERIFY_PATH}?token=${encodeURIComponent(token)}`;
  const greeting = teacher.firstName ? `Hello ${teacher.firstName},` : 'Hello,';
  await ctx.mailer.send({
    teacherId: teacher.id,
    to: teacher.email,
    subject: 'Verify your Classroom Voice e-mail address',
    text: `${greeting}\n\nPlease confirm your e-mail address to start using Classroom Voice:\n\n${link}\n\nThe link works once and expires in 24 hours. If you did not create an account, ignore this message.\n`,
    html: `<p>${escapeHtml(greeting)}</p><p>Please confirm your e-mail address to start using Classroom Voice:</p><p><a href="${escapeHtml(link)}">Verify my e-mail address</a></p><p>The link works once and expires in 24 hours. If you did not create an account, ignore this message.</p>`,
  });
}

/** Someone tried to register an address that already has an account: tell its owner, not the requester. */
export async function sendAlreadyRegisteredEmail(ctx: AppContext, teacher: Teacher): Promise<void> {
  const link = `${ctx.config.publicUrl}/login`;
  await ctx.mailer.send({
    teacherId: teacher.id,
    to: teacher.email,
    subject: 'You already have a Classroom Voice account',
    text: `Someone (perhaps you) tried to create a Classroom Voice account with this e-mail address, which already has one. You can sign in at ${link}.\n\nIf this was not you, you can ignore this message.\n`,
  });
}

export async function consumeVerificationToken(
  ctx: AppContext,
  token: string,
  now = new Date(),
): Promise<VerificationOutcome> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return 'invalid';
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(emailTokens)
      .where(
        and(eq(emailTokens.tokenHash, hashToken(token)), eq(emailTokens.purpose, 'verify_email')),
      )
      .limit(1);
    if (!row || row.usedAt) return 'invalid';
    if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
    const used = await tx
      .update(emailTokens)
      .set({ usedAt: now })
      .where(and(eq(emailTokens.tokenHash, row.tokenHash), isNull(emailTokens.usedAt)))
      .returning({ teacherId: emailTokens.teacherId });
    if (used.length === 0) return 'invalid';
    const verified = await tx
      .update(teachers)
      .set({ emailVerifiedAt: now })
      .where(eq(teachers.id, row.teacherId))
      .returning({ id: teachers.id });
    return verified.length === 1 ? 'verified' : 'verification_failed';
  });
}
