import { and, eq, gte } from 'drizzle-orm';
import { lessonPlans, lessons } from '../../db/schema';
import type { AppContext } from '../../records/context';
import { claimPeriodicNotice } from '../../records/settings';
import { formatDay, weekdayAt } from './calendar';
import { mailRecipient, sendTeacherMail, teachersWith } from './teacher-mail';

/** Friday 14:00 UTC: time left to plan before the weekend. */
const REMINDER_WEEKDAY = 4;
const REMINDER_HOUR = 14;

/**
 * A plan's dates are free text ("Week of 23 Nov"), so which week it covers cannot be
 * read reliably. Next week counts as planned when the teacher created or changed a plan
 * or a lesson this week (since Monday 00:00): that is when next week gets planned.
 */
async function plannedThisWeek(ctx: AppContext, teacherId: number, weekStart: Date) {
  const [plan] = await ctx.db
    .select({ id: lessonPlans.id })
    .from(lessonPlans)
    .where(and(eq(lessonPlans.teacherId, teacherId), gte(lessonPlans.updatedAt, weekStart)))
    .limit(1);
  if (plan) return true;
  const [lesson] = await ctx.db
    .select({ id: lessons.id })
    .from(lessons)
    .where(and(eq(lessons.teacherId, teacherId), gte(lessons.updatedAt, weekStart)))
    .limit(1);
  return Boolean(lesson);
}

export async function sendLessonPlanReminders(ctx: AppContext, now = new Date()) {
  const due = weekdayAt(now, REMINDER_WEEKDAY, REMINDER_HOUR);
  // Friday afternoon only: a reminder on Sunday would come too late to be useful.
  if (now < due || now >= weekdayAt(now, REMINDER_WEEKDAY + 1, 0)) return 0;
  const weekStart = weekdayAt(now, 0, 0);
  const nextMonday = weekdayAt(now, 7, 0);
  let sent = 0;
  for (const teacherId of await teachersWith(ctx, 'lessonPlanReminders')) {
    if (await plannedThisWeek(ctx, teacherId, weekStart)) continue;
    if (!(await claimPeriodicNotice(ctx.db, teacherId, 'lessonPlanReminders', now, due))) continue;
    const to = await mailRecipient(ctx, teacherId);
    if (!to) continue;
    await sendTeacherMail(ctx, to, {
      subject: 'Next week has no lesson plan yet',
      lines: [
        `You have not planned the week starting ${formatDay(nextMonday)} yet: no lesson plan was created or changed this week.`,
        'The Lesson Planner can copy this week’s plan to next week, or suggest lessons from your recent marking.',
      ],
      link: { label: 'Open the Lesson Planner', path: '/teacher/lesson-planner' },
    });
    sent += 1;
  }
  return sent;
}
