import { and, eq, inArray } from 'drizzle-orm';
import { feedback } from '../../db/schema';
import { notFound } from '../../platform/errors';
import type { AppContext } from '../../records/context';
import { FEEDBACK_NOT_FOUND } from '../../records/feedback';

/** Every id is one of the teacher's feedback items; another teacher's answers 404. */
export async function requireOwnFeedback(ctx: AppContext, teacherId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const rows = await ctx.db
    .select({ id: feedback.id })
    .from(feedback)
    .where(and(eq(feedback.teacherId, teacherId), inArray(feedback.id, wanted)));
  if (rows.length !== wanted.length) throw notFound(FEEDBACK_NOT_FOUND);
}
