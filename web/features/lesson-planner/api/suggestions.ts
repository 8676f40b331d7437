import type {
  Lesson,
  LessonSuggestion,
  SuggestedLesson,
  SuggestionRequest,
  SuggestionResponseRequest,
} from '@contract/lesson-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { planUrl, refreshPlans } from './lesson-plans';
import { addLesson } from './lessons';

export function useLessonSuggestion(planId: number | undefined) {
  return useMutation<LessonSuggestion, ApiRequestError, SuggestionRequest | undefined>({
    mutationFn: (body) =>
      apiFetch<LessonSuggestion>(`${planUrl(planId ?? 0)}/ai-suggestion`, {
        method: 'POST',
        ...(body ? { body } : {}),
      }),
  });
}

/** A suggestion's addition appended to a lesson already planned (once, by its key). */
function addToLesson(lesson: SuggestedLesson & { change: { lessonId: number } }) {
  return apiFetch<Lesson>(`/api/lessons/${lesson.change.lessonId}/additions`, {
    method: 'POST',
    body: { addition: lesson.change.addition, suggestionKey: lesson.suggestionKey },
  });
}

/**
 * Spec §4: applying adds each suggested lesson in turn; a suggestion that changes a lesson
 * already planned appends its addition to that lesson. Each carries its suggestion key, so
 * applying again (a double click, a retry after a failure half way) adds nothing twice.
 */
export function useApplySuggestion(planId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiRequestError, LessonSuggestion>({
    mutationFn: async (suggestion) => {
      for (const lesson of suggestion.suggestedLessons) {
        if (lesson.change) {
          await addToLesson({ ...lesson, change: lesson.change });
          continue;
        }
        await addLesson(planId ?? 0, {
          title: lesson.title,
          description: lesson.description,
          timeSlot: lesson.timeSlot,
          day: lesson.day,
          color: lesson.color,
          className: lesson.className,
          suggestionKey: lesson.suggestionKey,
        });
      }
    },
    onSettled: () => refreshPlans(queryClient),
  });
}

/** "No Thanks" or "Wrong suggestion": remembered on the server for the evidence shown. */
export function useRespondToSuggestion(planId: number | undefined) {
  return useMutation<unknown, ApiRequestError, SuggestionResponseRequest>({
    mutationFn: (body) =>
      apiFetch(`${planUrl(planId ?? 0)}/suggestion-responses`, { method: 'POST', body }),
  });
}

export const answered = (lesson: SuggestedLesson) => ({
  suggestionKey: lesson.suggestionKey,
  topicId: lesson.topicId,
  className: lesson.className,
  feedbackIds: lesson.feedbackIds,
});
