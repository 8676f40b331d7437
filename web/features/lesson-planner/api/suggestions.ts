import type { LessonSuggestion } from '@contract/lesson-plans';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { planUrl, refreshPlans } from './lesson-plans';
import { addLesson } from './lessons';

export function useLessonSuggestion(planId: number | undefined) {
  return useMutation<LessonSuggestion, ApiRequestError, void>({
    mutationFn: () =>
      apiFetch<LessonSuggestion>(`${planUrl(planId ?? 0)}/ai-suggestion`, { method: 'POST' }),
  });
}

/**
 * Spec §4: applying adds each suggested lesson in turn. Each carries its suggestion key, so
 * applying again (a double click, a retry after a failure half way) adds nothing twice.
 */
export function useApplySuggestion(planId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation<void, ApiRequestError, LessonSuggestion>({
    mutationFn: async (suggestion) => {
      for (const lesson of suggestion.suggestedLessons) {
        await addLesson(planId ?? 0, {
          title: lesson.title,
          description: lesson.description,
          timeSlot: lesson.timeSlot,
          day: lesson.day,
          color: lesson.color,
          suggestionKey: lesson.suggestionKey,
        });
      }
    },
    onSettled: () => refreshPlans(queryClient),
  });
}
