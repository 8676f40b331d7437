import {
  LESSON_DAYS,
  type LessonDay,
  type LessonSuggestion,
  type SuggestionRequest,
  type SuggestionResponseRequest,
} from '../../../contract/lesson-plans';
import {
  type MarkingSummary,
  summariseMarking,
  type WeekLesson,
} from '../../ai/lesson-suggestions';
import type { AppContext } from '../../records/context';
import { firstDateOf, getPlan, ownedPlanOf, presentSuggestion } from '../../records/plans';
import { documentAnalysisAllowed, preferencesOf } from '../../records/settings';
import { recentResponses, saveResponses } from '../../records/suggestion-responses';
import { requireOwnFeedback } from './feedback-ownership';
import { markingEvidence } from './marking-evidence';
import { pupilNames } from './pupil-names';

/*
 * A suggestion for one of the teacher's plans: the week, the school day from Settings,
 * the marking of the last 14 days grouped by class, and what the teacher said of earlier
 * suggestions (not made again for the same evidence).
 */

type LessonRow = Awaited<ReturnType<typeof getPlan>>['lessons'][number];

const weekLessonOf = (lesson: LessonRow): WeekLesson => ({
  id: lesson.id,
  title: lesson.title,
  description: lesson.description,
  timeSlot: lesson.timeSlot,
  day: lesson.day,
  color: lesson.color,
  suggestionKey: lesson.suggestionKey,
  className: lesson.className,
});

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Today's weekday when the plan's dates are this week (Monday to Friday), so suggestions
 * leave the days that have passed alone; undefined for another week or dates not given.
 */
export function firstOpenDay(dateRange: string, now: Date): LessonDay | undefined {
  const first = firstDateOf(dateRange, now.getUTCFullYear());
  if (!first) return undefined;
  const monday = first.getTime() - ((first.getUTCDay() + 6) % 7) * DAY_MS;
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const index = Math.round((today - monday) / DAY_MS);
  return index >= 0 && index < LESSON_DAYS.length ? LESSON_DAYS[index] : undefined;
}

/** The teacher's marking as weaknesses and counts, grouped by class as this week names them. */
export async function markingSummary(
  ctx: AppContext,
  teacherId: number,
  now = new Date(),
  options: {
    readPupilsWork?: boolean;
    lessons?: { title: string; className?: string | null }[];
  } = {},
): Promise<MarkingSummary & { links: Awaited<ReturnType<typeof markingEvidence>>['links'] }> {
  const [marking, responses] = await Promise.all([
    markingEvidence(ctx, teacherId, options.lessons ?? [], {
      now,
      readPupilsWork: options.readPupilsWork ?? true,
    }),
    recentResponses(ctx, teacherId, now),
  ]);
  const summary = summariseMarking(marking.evidence, {
    now,
    excludedWords: marking.names,
    weekSubject: marking.weekSubject,
    wrongReadings: responses.filter((answer) => answer.response === 'wrong'),
  });
  return { ...summary, links: marking.links };
}

export async function suggestForPlan(
  ctx: AppContext,
  teacherId: number,
  planId: number,
  request: SuggestionRequest = {},
): Promise<LessonSuggestion> {
  const now = new Date();
  const { plan, lessons } = await getPlan(ctx, teacherId, planId);
  const [preferences, readPupilsWork, declined, names] = await Promise.all([
    preferencesOf(ctx.db, teacherId),
    documentAnalysisAllowed(ctx, teacherId),
    recentResponses(ctx, teacherId, now),
    pupilNames(ctx, teacherId),
  ]);
  const week = lessons.map(weekLessonOf);
  const { links, ...marking } = await markingSummary(ctx, teacherId, now, {
    readPupilsWork,
    lessons: week,
  });
  const suggestion = await ctx.ai.lessonSuggester.suggest({
    plan: { title: plan.title, dateRange: plan.dateRange },
    lessons: week,
    marking,
    schoolDay: preferences.schoolDay,
    firstDay: firstOpenDay(plan.dateRange, now),
    declined,
    pupilNames: names,
    options: { generalIdeas: request.generalIdeas ?? false },
  });
  return presentSuggestion(suggestion, links);
}

/** "No Thanks" or "wrong": remembered for the evidence shown, on the teacher's own plan. */
export async function respondToSuggestion(
  ctx: AppContext,
  teacherId: number,
  planId: number,
  input: SuggestionResponseRequest,
): Promise<void> {
  await ownedPlanOf(ctx, teacherId, planId);
  await requireOwnFeedback(
    ctx,
    teacherId,
    input.suggestions.flatMap((suggestion) => suggestion.feedbackIds),
  );
  await saveResponses(ctx, teacherId, input);
}
