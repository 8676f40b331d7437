import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { teacherSettings } from './tables';

/*
 * When a teacher was last sent each notice, kept in teacher_settings and written only here
 * (decision 0066) for the notifications module.
 */

/** A hand-in notice was sent now. */
export async function noteHandInNoticeSent(db: Database, teacherId: number, now: Date) {
  await db
    .update(teacherSettings)
    .set({ lastHandInNoticeAt: now })
    .where(eq(teacherSettings.teacherId, teacherId));
}

const CLAIMS = {
  weeklyDigest: teacherSettings.lastDigestAt,
  lessonPlanReminders: teacherSettings.lastPlanReminderAt,
} as const;

/**
 * Claims this period's weekly digest or plan reminder for a teacher: marks it sent now if
 * the teacher still wants it (the preference is true) and was last sent one before `due`.
 * One update, so two processes never both claim it; whether this one did.
 */
export async function claimPeriodicNotice(
  db: Database,
  teacherId: number,
  notice: keyof typeof CLAIMS,
  now: Date,
  due: Date,
) {
  const last = CLAIMS[notice];
  const claimed = await db
    .update(teacherSettings)
    .set(notice === 'weeklyDigest' ? { lastDigestAt: now } : { lastPlanReminderAt: now })
    .where(
      and(
        eq(teacherSettings.teacherId, teacherId),
        or(isNull(last), lt(last, due)),
        // The preference's name travels as a bound parameter, never as SQL text.
        sql`${teacherSettings.preferences} ->> ${notice}::text = 'true'`,
      ),
    )
    .returning({ teacherId: teacherSettings.teacherId });
  return claimed.length > 0;
}
