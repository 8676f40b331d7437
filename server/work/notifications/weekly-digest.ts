import { and, count, countDistinct, eq, gte, isNull, lt } from 'drizzle-orm';
import { documents, feedback, files } from '../../db/schema';
import type { AppContext } from '../../records/context';
import { openingsBetween } from '../../records/links';
import { claimPeriodicNotice } from '../../records/settings';
import { addDays, formatDay, weekdayAt } from './calendar';
import { mailRecipient, plural, sendTeacherMail, teachersWith } from './teacher-mail';

/** Monday 07:00 UTC: in the inbox before the school day starts. */
const DIGEST_HOUR = 7;

export type WeekFigures = {
  handIns: number;
  feedbackItems: number;
  documentsWithFeedback: number;
  linksOpened: number;
};

export async function weekFigures(
  ctx: AppContext,
  teacherId: number,
  from: Date,
  to: Date,
): Promise<WeekFigures> {
  const [handIns] = await ctx.db
    .select({ n: count() })
    .from(documents)
    .innerJoin(files, eq(files.id, documents.fileId))
    .where(
      and(
        eq(documents.teacherId, teacherId),
        eq(files.uploadedBy, 'pupil'),
        gte(documents.createdAt, from),
        lt(documents.createdAt, to),
      ),
    );
  const [given] = await ctx.db
    .select({ n: count(), docs: countDistinct(feedback.documentId) })
    .from(feedback)
    .where(
      and(
        eq(feedback.teacherId, teacherId),
        gte(feedback.createdAt, from),
        lt(feedback.createdAt, to),
        // Deleted by the teacher (only pupils still see it until the next share).
        isNull(feedback.deletedAt),
      ),
    );
  const linksOpened = await openingsBetween(ctx.db, teacherId, from, to);
  return {
    handIns: Number(handIns?.n ?? 0),
    feedbackItems: Number(given?.n ?? 0),
    documentsWithFeedback: Number(given?.docs ?? 0),
    linksOpened,
  };
}

/**
 * On Monday from 07:00 (a Monday the server was down is skipped rather than caught up
 * later in the week, when "last week" would mislead), each teacher who asked for it gets last week's figures once. The
 * claim (last_digest_at moved past this Monday) is taken before sending, in one
 * conditional update, so two processes or a rerun never send it twice.
 */
export async function sendWeeklyDigests(ctx: AppContext, now = new Date()): Promise<number> {
  const due = weekdayAt(now, 0, DIGEST_HOUR);
  if (now < due || now >= addDays(weekdayAt(now, 0, 0), 1)) return 0;
  const weekEnd = weekdayAt(now, 0, 0);
  const weekStart = addDays(weekEnd, -7);
  let sent = 0;
  for (const teacherId of await teachersWith(ctx, 'weeklyDigest')) {
    if (!(await claimPeriodicNotice(ctx.db, teacherId, 'weeklyDigest', now, due))) continue;
    const to = await mailRecipient(ctx, teacherId);
    if (!to) continue;
    const figures = await weekFigures(ctx, teacherId, weekStart, weekEnd);
    await sendTeacherMail(ctx, to, {
      subject: `Your week in Classroom Voice: ${formatDay(weekStart)}`,
      lines: [
        `Last week (${formatDay(weekStart)} to ${formatDay(addDays(weekEnd, -1))}):`,
        `- Work handed in: ${figures.handIns}`,
        `- Feedback given: ${plural(figures.feedbackItems, 'comment')} on ${plural(figures.documentsWithFeedback, 'document')}`,
        `- Shared links opened: ${figures.linksOpened}`,
      ],
      link: { label: 'Open Classroom Voice', path: '/teacher' },
    });
    sent += 1;
  }
  return sent;
}
