import { eq, sql } from 'drizzle-orm';
import { AUTH_ERROR_CODES } from '../../../contract/auth';
import { AppError, forbidden, unauthorized } from '../../platform/errors';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../platform/secrets';
import type { ThrottleRule } from '../../platform/throttle';
import type { AppContext } from '../../records/context';
import { NEW_TEACHER_PREFERENCES, updatePreferences } from '../settings';
import { createTeacherSession, forgetTeacher, type Teacher } from './sessions';
import { teachers } from './tables';
import type { LoginRequestParsed, RegisterRequestParsed } from './types';
import { sendAlreadyRegisteredEmail, sendVerificationEmail } from './verification';

const MINUTE = 60_000;
/** Per IP address: generous, since a whole school signs in from one address. */
const LOGIN_PER_ADDRESS: ThrottleRule = { limit: 100, windowMs: 15 * MINUTE };
/**
 * Failed attempts only, and a success clears them. Counted per account and address, so
 * a stranger guessing a teacher's password from elsewhere cannot lock the teacher out;
 * the account-wide ceiling still stops a guess spread over many addresses.
 */
const LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS: ThrottleRule = { limit: 10, windowMs: 15 * MINUTE };
const LOGIN_FAILURES_PER_ACCOUNT: ThrottleRule = { limit: 100, windowMs: 15 * MINUTE };
const REGISTER_PER_ADDRESS: ThrottleRule = { limit: 20, windowMs: 60 * MINUTE };
const REGISTER_PER_ACCOUNT: ThrottleRule = { limit: 5, windowMs: 60 * MINUTE };
/** Verification e-mails per account, so a login loop cannot flood an inbox. */
const VERIFICATION_MAILS_PER_ACCOUNT: ThrottleRule = { limit: 5, windowMs: 60 * MINUTE };

export const REGISTERED_MESSAGE =
  'Registration successful. Please check your email to verify your account before logging in.';
export const VERIFY_FIRST_MESSAGE =
  'Please verify your email address. A new verification email has been sent to your inbox.';
export const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
export const BLOCKED_MESSAGE =
  'Your account has been blocked. Please contact your school administrator.';

async function findByEmail(ctx: AppContext, email: string): Promise<Teacher | undefined> {
  const [teacher] = await ctx.db
    .select()
    .from(teachers)
    .where(eq(sql`lower(${teachers.email})`, email.toLowerCase()))
    .limit(1);
  return teacher;
}

/**
 * Registration answers the same whether or not the address is taken, so the form
 * cannot be used to learn who has an account; the owner of a taken address is told
 * by e-mail instead.
 */
export async function register(ctx: AppContext, input: RegisterRequestParsed, ip: string) {
  await ctx.throttle.hit(`register:ip:${ip}`, REGISTER_PER_ADDRESS);
  await ctx.throttle.hit(`register:account:${input.email}`, REGISTER_PER_ACCOUNT);

  // Hash first, whatever happens next, so the answer takes as long for a taken address.
  const passwordHash = await hashPassword(input.password);
  const existing = await findByEmail(ctx, input.email);
  if (existing) {
    if (existing.emailVerifiedAt) await sendAlreadyRegisteredEmail(ctx, existing);
    else await sendVerificationEmail(ctx, existing);
    return { message: REGISTERED_MESSAGE, requiresVerification: true };
  }
  const teacher = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(teachers)
      .values({
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
      })
      .onConflictDoNothing()
      .returning();
    if (created) await updatePreferences(tx, created.id, NEW_TEACHER_PREFERENCES);
    return created;
  });
  // A concurrent registration of the same address won the race: same answer as above.
  if (teacher) await sendVerificationEmail(ctx, teacher);
  return { message: REGISTERED_MESSAGE, requiresVerification: true };
}

export async function login(
  ctx: AppContext,
  input: LoginRequestParsed,
  meta: { ip: string; userAgent: string | undefined },
) {
  const failuresHere = `login:failures:${input.email}:${meta.ip}`;
  const failuresAnywhere = `login:failures:${input.email}`;
  await ctx.throttle.hit(`login:ip:${meta.ip}`, LOGIN_PER_ADDRESS);
  await ctx.throttle.check(failuresHere, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS);
  await ctx.throttle.check(failuresAnywhere, LOGIN_FAILURES_PER_ACCOUNT);

  const teacher = await findByEmail(ctx, input.email);
  const passwordOk = await verifyPassword(
    input.password,
    teacher?.passwordHash ?? (await decoyPasswordHash()),
  );
  if (!teacher || !passwordOk) {
    await ctx.throttle
      .hit(failuresHere, LOGIN_FAILURES_PER_ACCOUNT_AND_ADDRESS)
      .catch(() => undefined);
    await ctx.throttle.hit(failuresAnywhere, LOGIN_FAILURES_PER_ACCOUNT).catch(() => undefined);
    throw unauthorized(INVALID_CREDENTIALS_MESSAGE, AUTH_ERROR_CODES.invalidCredentials);
  }
  // Only someone who knows the password learns the account's state.
  if (teacher.blockedAt) throw forbidden(BLOCKED_MESSAGE, AUTH_ERROR_CODES.accountBlocked);
  if (!teacher.emailVerifiedAt) {
    const mayMail = await ctx.throttle
      .hit(`verify-mail:account:${teacher.id}`, VERIFICATION_MAILS_PER_ACCOUNT)
      .then(() => true)
      .catch((error: unknown) => (error instanceof AppError ? false : Promise.reject(error)));
    if (mayMail) await sendVerificationEmail(ctx, teacher);
    throw forbidden(VERIFY_FIRST_MESSAGE, AUTH_ERROR_CODES.emailNotVerified);
  }
  await ctx.throttle.reset(failuresHere);
  const now = new Date();
  await ctx.db.update(teachers).set({ lastLoginAt: now }).where(eq(teachers.id, teacher.id));
  forgetTeacher(ctx.db, teacher.id);
  const session = await createTeacherSession(ctx.db, teacher.id, meta.userAgent, now);
  return { teacher, session };
}
