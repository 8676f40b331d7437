import { and, desc, eq, gte } from 'drizzle-orm';
import type { SuggestionResponseRequest } from '../../../contract/lesson-plans';
import type { AppContext } from '../context';
import { suggestionResponses } from './tables';

/*
 * What a teacher said of the planner's suggestions: "No Thanks" (not now) or "wrong", with
 * the evidence each rested on (topic, class, feedback items). The planner reads them back
 * and does not make a suggestion again for the same evidence. Marking is read over 14
 * days, so answers older than 28 days can no longer match anything and are not read.
 */

const REMEMBERED_DAYS = 28;
/** Bounds one request's work; a teacher answers a few suggestions a week. */
const MAX_READ = 500;

export type SavedResponse = {
  response: 'not-now' | 'wrong';
  suggestionKey: string;
  topicId: string | null;
  className: string | null;
  feedbackIds: number[];
};

export async function saveResponses(
  ctx: AppContext,
  teacherId: number,
  input: SuggestionResponseRequest,
): Promise<void> {
  await ctx.db.insert(suggestionResponses).values(
    input.suggestions.map((suggestion) => ({
      teacherId,
      response: input.response,
      suggestionKey: suggestion.suggestionKey,
      topicId: suggestion.topicId,
      className: suggestion.className,
      feedbackIds: [...new Set(suggestion.feedbackIds)],
    })),
  );
}

export async function recentResponses(
  ctx: AppContext,
  teacherId: number,
  now = new Date(),
): Promise<SavedResponse[]> {
  const since = new Date(now.getTime() - REMEMBERED_DAYS * 24 * 60 * 60 * 1000);
  const rows = await ctx.db
    .select({
      response: suggestionResponses.response,
      suggestionKey: suggestionResponses.suggestionKey,
      topicId: suggestionResponses.topicId,
      className: suggestionResponses.className,
      feedbackIds: suggestionResponses.feedbackIds,
    })
    .from(suggestionResponses)
    .where(
      and(eq(suggestionResponses.teacherId, teacherId), gte(suggestionResponses.createdAt, since)),
    )
    .orderBy(desc(suggestionResponses.createdAt))
    .limit(MAX_READ);
  return rows.map((row) => ({
    ...row,
    feedbackIds: Array.isArray(row.feedbackIds) ? row.feedbackIds.filter(Number.isInteger) : [],
  }));
}
