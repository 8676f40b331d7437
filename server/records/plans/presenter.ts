import type { Lesson, LessonPlan, LessonSuggestion } from '../../../contract/lesson-plans';
import { compareLessons } from '../../../contract/lesson-time';
import type { EvidencedSuggestion } from '../../ai/lesson-suggestions';
import type { lessonPlans, lessons } from '../../db/schema';

type PlanRow = typeof lessonPlans.$inferSelect;
type LessonRow = typeof lessons.$inferSelect;

/** What leaves the server: no teacher id. */
export function presentLesson(row: LessonRow): Lesson {
  return {
    id: row.id,
    planId: row.planId,
    title: row.title,
    description: row.description,
    timeSlot: row.timeSlot,
    day: row.day,
    color: row.color,
    suggestionKey: row.suggestionKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lessons by day, then start time; a slot that cannot be read sorts last in its day. */
export function presentPlan(plan: PlanRow, rows: LessonRow[]): LessonPlan {
  return {
    id: plan.id,
    title: plan.title,
    dateRange: plan.dateRange,
    lessons: rows.map(presentLesson).sort(compareLessons),
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}

/**
 * A suggestion as the contract declares it: each lesson's feedback ids (the evidence it
 * rests on) stay on the server until the contract carries them for the planner to link.
 */
export function presentSuggestion(suggestion: EvidencedSuggestion): LessonSuggestion {
  return {
    ...suggestion,
    suggestedLessons: suggestion.suggestedLessons.map(({ feedbackIds: _, ...lesson }) => lesson),
  };
}
