import { and, desc, eq } from 'drizzle-orm';
import {
  type CopyLessonPlanRequest,
  type CreateLessonPlanRequest,
  type CreateLessonRequest,
  LESSON_NOT_FOUND,
  LESSON_PLAN_NOT_FOUND,
  type UpdateLessonPlanRequest,
  type UpdateLessonRequest,
} from '../../../contract/lesson-plans';
import type { Database } from '../../db/client';
import { lessonPlans, lessons } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { shiftDateRange } from './date-shift';

type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete'>;

/** A plan removed by another request while a lesson was being written to it. */
function isForeignKeyViolation(error: unknown): boolean {
  for (let current: unknown = error; current; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23503') return true;
  }
  return false;
}

export async function ownedPlan(db: Executor, teacherId: number, id: number) {
  const [plan] = await db
    .select()
    .from(lessonPlans)
    .where(and(eq(lessonPlans.id, id), eq(lessonPlans.teacherId, teacherId)));
  if (!plan) throw notFound(LESSON_PLAN_NOT_FOUND);
  return plan;
}

async function ownedLesson(db: Executor, teacherId: number, id: number) {
  const [lesson] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), eq(lessons.teacherId, teacherId)));
  if (!lesson) throw notFound(LESSON_NOT_FOUND);
  return lesson;
}

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

export async function createPlan(
  ctx: AppContext,
  teacherId: number,
  input: CreateLessonPlanRequest,
) {
  const [plan] = await ctx.db
    .insert(lessonPlans)
    .values({ teacherId, title: input.title, dateRange: input.dateRange })
    .returning();
  return { plan: plan!, lessons: [] };
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
              sourceLessons.map(({ title, description, timeSlot, day, color, suggestionKey }) => ({
                teacherId,
                planId: plan!.id,
                title,
                description,
                timeSlot,
                day,
                color,
                suggestionKey,
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
        .values({ teacherId, planId, ...input, suggestionKey: input.suggestionKey ?? null })
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
      const { title, description, timeSlot, day, color, planId } = await ownedLesson(
        tx,
        teacherId,
        id,
      );
      const [copy] = await tx
        .insert(lessons)
        .values({ teacherId, planId, title, description, timeSlot, day, color })
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
