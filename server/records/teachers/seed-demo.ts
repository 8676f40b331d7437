import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import { hashPassword } from '../../platform/secrets';
import type { AppContext } from '../context';
import { teachers } from './tables';

export const DEMO_TEACHER = {
  email: 'demo.teacher@classroom-voice.local',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const;

/**
 * Demo content goes only into an empty database, so a school's real data is never
 * mixed with it. The demo teacher's password is made here, at random, and returned to be
 * shown once: a password anyone can read in the README would open every installation
 * that forgot to remove the demo account. Returns null when the database was not empty.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<{ password: string } | null> {
  const [row] = await ctx.db.select({ n: count() }).from(teachers);
  if ((row?.n ?? 0) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  await ctx.db.insert(teachers).values({
    email: DEMO_TEACHER.email,
    passwordHash: await hashPassword(password),
    firstName: DEMO_TEACHER.firstName,
    lastName: DEMO_TEACHER.lastName,
    emailVerifiedAt: new Date(),
  });
  return { password };
}
