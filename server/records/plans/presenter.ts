import type {
  Lesson,
  LessonPlan,
  LessonSuggestion,
  SuggestionEvidence,
} from '../../../contract/lesson-plans';
import { compareLessons } from '../../../contract/lesson-time';
import type { EvidencedSuggestion } from '../../ai/lesson-suggestions';
import type { lessonPlans, lessons } from './tables';

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
    className: row.className,
    recurring: row.recurring,
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
 * A suggestion as the contract declares it: each lesson with the feedback items its reason
 * counts, as the teacher opens them (items no longer there are left out).
 */
export function presentSuggestion(
  suggestion: EvidencedSuggestion,
  evidence: ReadonlyMap<number, SuggestionEvidence>,
): LessonSuggestion {
  return {
    ...suggestion,
    suggestedLessons: suggestion.suggestedLessons.map((lesson) => ({
      ...lesson,
      evidence: lesson.feedbackIds.flatMap((id) => evidence.get(id) ?? []),
    })),
  };
}
