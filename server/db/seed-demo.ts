import { count } from 'drizzle-orm';
import type { AppContext } from '../platform/context';
import { hashPassword } from '../platform/secrets';
import { teachers } from './schema';

export const DEMO_TEACHER = {
  email: 'demo.teacher@classroom-voice.local',
  password: 'demo-teacher-2026',
  firstName: 'Alex',
  lastName: 'Morgan',
} as const;

/**
 * Demo content goes only into an empty database, so a school's real data is never
 * mixed with it. Returns whether it seeded.
 */
export async function seedDemoIfEmpty(ctx: AppContext): Promise<boolean> {
  const [row] = await ctx.db.select({ n: count() }).from(teachers);
  if ((row?.n ?? 0) > 0) return false;
  await ctx.db.insert(teachers).values({
    email: DEMO_TEACHER.email,
    passwordHash: await hashPassword(DEMO_TEACHER.password),
    firstName: DEMO_TEACHER.firstName,
    lastName: DEMO_TEACHER.lastName,
    emailVerifiedAt: new Date(),
  });
  return true;
}
