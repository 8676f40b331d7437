import { and, desc, eq } from 'drizzle-orm';
import {
  type CopyLessonPlanRequest,
  type CreateLessonPlanRequest,
  type CreateLessonRequest,
  LESSON_DAYS,
  LESSON_NOT_FOUND,
  LESSON_PLAN_NOT_FOUND,
  type LessonAdditionRequest,
  type LessonDay,
  MAX_DESCRIPTION_LENGTH,
  type UpdateLessonPlanRequest,
  type UpdateLessonRequest,
} from '../../../contract/lesson-plans';
import type { Database } from '../../db/client';
import { badRequest, notFound } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { shiftDateRange } from './date-shift';
import { lessonPlans, lessons } from './tables';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A plan removed by another request while a lesson was being written to it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export async function ownedPlan(
  db: Executor,
  teacherId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(lessonPlans)
    .where(and(eq(lessonPlans.id, id), eq(lessonPlans.teacherId, teacherId)));
  const [plan] = options.forUpdate ? await query.for('update') : await query;
  if (!plan) throw notFound(LESSON_PLAN_NOT_FOUND);
  return plan;
}

async function ownedLesson(
  db: Executor,
  teacherId: number,
  id: number,
  options: { forUpdate?: boolean } = {},
) {
  const query = db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)));
  // An addition reads and writes the description: a second request waits for the first.
  const [lesson] = options.forUpdate ? await query.for('update') : await query;
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}

/** The plan when it is the teacher's; another teacher's answers 404. */
export const ownedPlanOf = (ctx: AppContext, teacherId: number, id: number) =>
  ownedPlan(ctx.db, teacherId, id);

const lessonsOf = (db: Executor, planId: number) =>
  db.select().from(lessons).where(eq(lessons.planId, planId));

const touchPlan = (db: Executor, planId: number) =>
  db.update(lessonPlans).set({ updatedAt: new Date() }).where(eq(lessonPlans.id, planId));

/** The teacher's plans, newest first, each with its lessons. */
export async function listPlans(ctx: AppContext, teacherId: number) {
  const plans = await ctx.db
    .select()
    .from(lessonPlans)
    .where(eq(lessonPlans.teacherId, teacherId))
    .orderBy(desc(lessonPlans.createdAt), desc(lessonPlans.id));
  if (plans.length === 0) return [];
  // Every lesson of the teacher belongs to one of these plans: one indexed read by
  // teacher, not an IN list that grows with the number of plans.
  const rows = await ctx.db.select().from(lessons).where(eq(lessons.teacherId, teacherId));
  return plans.map((plan) => ({ plan, lessons: rows.filter((row) => row.planId === plan.id) }));
}

export async function getPlan(ctx: AppContext, teacherId: number, id: number) {
  const plan = await ownedPlan(ctx.db, teacherId, id);
  return { plan, lessons: await lessonsOf(ctx.db, id) };
}

/**
 * A new plan starts with the lessons taught every week: those marked so in the teacher's
 * newest plan (which holds the timetable as last kept).
 */
export async function createPlan(
  ctx: AppContext,
  teacherId: number,
  input: CreateLessonPlanRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const [newest] = await tx
      .select({ id: lessonPlans.id })
      .from(lessonPlans)
      .where(eq(lessonPlans.teacherId, teacherId))
      .orderBy(desc(lessonPlans.createdAt), desc(lessonPlans.id))
      .limit(1);
    const [plan] = await tx
      .insert(lessonPlans)
      .values({ teacherId, title: input.title, dateRange: input.dateRange })
      .returning();
    const recurring = newest
      ? await tx
          .select()
          .from(lessons)
          .where(and(eq(lessons.planId, newest.id), eq(lessons.recurring, true)))
      : [];
    const copied =
      recurring.length === 0
        ? []
        : await tx
            .insert(lessons)
            .values(
              recurring.map(({ title, description, timeSlot, day, color, className }) => ({
                teacherId,
                planId: plan!.id,
                title,
                description,
                timeSlot,
                day,
                color,
                className,
                recurring: true,
              })),
            )
            .returning();
    return { plan: plan!, lessons: copied };
  });
}

export async function updatePlan(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: UpdateLessonPlanRequest,
) {
  await ownedPlan(ctx.db, teacherId, id);
  const [plan] = await ctx.db
    .update(lessonPlans)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(lessonPlans.id, id), eq(lessonPlans.teacherId, teacherId)))
    .returning();
  if (!plan) throw notFound(LESSON_PLAN_NOT_FOUND);
  return { plan, lessons: await lessonsOf(ctx.db, id) };
}

/** Its lessons go with it (ON DELETE CASCADE). */
export async function deletePlan(ctx: AppContext, teacherId: number, id: number) {
  const deleted = await ctx.db
    .delete(lessonPlans)
    .where(and(eq(lessonPlans.id, id), eq(lessonPlans.teacherId, teacherId)))
    .returning({ id: lessonPlans.id });
  if (deleted.length === 0) throw notFound(LESSON_PLAN_NOT_FOUND);
}

/** "Copy to next week": every lesson, and the date range moved on by seven days. */
export async function copyPlan(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: CopyLessonPlanRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const source = await ownedPlan(tx, teacherId, id);
    const [plan] = await tx
      .insert(lessonPlans)
      .values({
        teacherId,
        title: input.title ?? `${source.title} (copy)`,
        dateRange:
          input.dateRange ??
          shiftDateRange(source.dateRange, 7) ??
          `${source.dateRange} (next week)`,
      })
      .returning();
    const sourceLessons = await lessonsOf(tx, id);
    const copied =
      sourceLessons.length === 0
        ? []
        : await tx
            .insert(lessons)
            .values(
              sourceLessons.map((lesson) => ({
                teacherId,
                planId: plan!.id,
                title: lesson.title,
                description: lesson.description,
                timeSlot: lesson.timeSlot,
                day: lesson.day,
                color: lesson.color,
                suggestionKey: lesson.suggestionKey,
                className: lesson.className,
                recurring: lesson.recurring,
              })),
            )
            .returning();
    return { plan: plan!, lessons: copied };
  });
}

/**
 * Adds a lesson. With a suggestion's key it is idempotent: the unique index on
 * (plan, key) lets exactly one insert win, even under concurrent requests, and every
 * other request answers the lesson that is there.
 */
export async function createLesson(
  ctx: AppContext,
  teacherId: number,
  planId: number,
  input: CreateLessonRequest,
) {
  await ownedPlan(ctx.db, teacherId, planId);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(lessons)
        .values({
          teacherId,
          planId,
          ...input,
          recurring: input.recurring ?? false,
          suggestionKey: input.suggestionKey ?? null,
        })
        .onConflictDoNothing({ target: [lessons.planId, lessons.suggestionKey] })
        .returning();
      if (created) {
        await touchPlan(tx, planId);
        return created;
      }
      const [existing] = await tx
        .select()
        .from(lessons)
        .where(and(eq(lessons.planId, planId), eq(lessons.suggestionKey, input.suggestionKey!)));
      if (!existing) throw notFound(LESSON_PLAN_NOT_FOUND);
      return existing;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(LESSON_PLAN_NOT_FOUND);
    throw error;
  }
}

/** A move (`{ day }`) or an edit of any field. */
export async function updateLesson(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: UpdateLessonRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const lesson = await ownedLesson(tx, teacherId, id);
    const [updated] = await tx
      .update(lessons)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(lessons.id, id))
      .returning();
    if (!updated) throw notFound(LESSON_NOT_FOUND);
    await touchPlan(tx, lesson.planId);
    return updated;
  });
}

/** The copy sits beside the original; it is the teacher's own, not a suggestion. */
export async function duplicateLesson(ctx: AppContext, teacherId: number, id: number) {
  try {
    return await ctx.db.transaction(async (tx) => {
      const { title, description, timeSlot, day, color, planId, className, recurring } =
        await ownedLesson(tx, teacherId, id);
      const [copy] = await tx
        .insert(lessons)
        .values({
          teacherId,
          planId,
          title,
          description,
          timeSlot,
          day,
          color,
          className,
          recurring,
        })
        .returning();
      await touchPlan(tx, planId);
      return copy!;
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw notFound(LESSON_NOT_FOUND);
    throw error;
  }
}

export async function deleteLesson(ctx: AppContext, teacherId: number, id: number) {
  await ctx.db.transaction(async (tx) => {
    const [deleted] = await tx
      .delete(lessons)
      .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)))
      .returning();
    if (!deleted) throw notFound(LESSON_NOT_FOUND);
    await touchPlan(tx, deleted.planId);
  });
}

/**
 * A suggestion's addition appended to a lesson already planned. Idempotent: a description
 * that already holds the addition is left as it is, so applying twice adds it once.
 */
export async function addToLesson(
  ctx: AppContext,
  teacherId: number,
  id: number,
  input: LessonAdditionRequest,
) {
  return ctx.db.transaction(async (tx) => {
    const lesson = await ownedLesson(tx, teacherId, id, { forUpdate: true });
    if (lesson.description.includes(input.addition)) return lesson;
    const description = `${lesson.description}\n\n${input.addition}`;
    if (description.length > MAX_DESCRIPTION_LENGTH)
      throw badRequest('Description is too long', 'validation_error');
    const [updated] = await tx
      .update(lessons)
      .set({ description, updatedAt: new Date() })
      .where(eq(lessons.id, id))
      .returning();
    await touchPlan(tx, lesson.planId);
    return updated!;
  });
}

/**
 * "Bump": the day's lessons and every later day's move on one day (a snow day, a trip).
 * Friday's go to Monday of next week's plan: the teacher's plan whose dates are a week
 * on, made (empty but for them) when there is none.
 */
export async function bumpDay(ctx: AppContext, teacherId: number, id: number, day: LessonDay) {
  return ctx.db.transaction(async (tx) => {
    const plan = await ownedPlan(tx, teacherId, id, { forUpdate: true });
    const from = LESSON_DAYS.indexOf(day);
    const moving = (await lessonsOf(tx, id)).filter((l) => LESSON_DAYS.indexOf(l.day) >= from);
    const friday = moving.filter((lesson) => lesson.day === 'Friday');
    for (const lesson of moving.filter((l) => l.day !== 'Friday')) {
      await tx
        .update(lessons)
        .set({ day: LESSON_DAYS[LESSON_DAYS.indexOf(lesson.day) + 1]!, updatedAt: new Date() })
        .where(eq(lessons.id, lesson.id));
    }
    let nextPlan: typeof plan | null = null;
    if (friday.length > 0) {
      const nextRange = shiftDateRange(plan.dateRange, 7) ?? `${plan.dateRange} (next week)`;
      const [existing] = await tx
        .select()
        .from(lessonPlans)
        .where(and(eq(lessonPlans.teacherId, teacherId), eq(lessonPlans.dateRange, nextRange)))
        .orderBy(desc(lessonPlans.createdAt))
        .limit(1);
      nextPlan = existing ?? null;
      nextPlan ??= (
        await tx
          .insert(lessonPlans)
          .values({ teacherId, title: `${plan.title} (next week)`, dateRange: nextRange })
          .returning()
      )[0]!;
      // A suggestion's key is unique within a plan: one already there keeps it.
      const keys = new Set(
        (await lessonsOf(tx, nextPlan.id)).map((lesson) => lesson.suggestionKey).filter(Boolean),
      );
      for (const lesson of friday) {
        await tx
          .update(lessons)
          .set({
            planId: nextPlan.id,
            day: 'Monday',
            suggestionKey: keys.has(lesson.suggestionKey) ? null : lesson.suggestionKey,
            updatedAt: new Date(),
          })
          .where(eq(lessons.id, lesson.id));
      }
      await touchPlan(tx, nextPlan.id);
    }
    await touchPlan(tx, id);
    return {
      plan: { plan, lessons: await lessonsOf(tx, id) },
      nextPlan: nextPlan ? { plan: nextPlan, lessons: await lessonsOf(tx, nextPlan.id) } : null,
    };
  });
}
