import type {
  CreateLessonRequest,
  Lesson,
  LessonPlan,
  UpdateLessonRequest,
} from '@contract/lesson-plans';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { PLANS_URL, planUrl, refreshPlans } from './lesson-plans';

const lessonUrl = (lessonId: number) => `/api/lessons/${lessonId}`;

export function addLesson(planId: number, body: CreateLessonRequest): Promise<Lesson> {
  return apiFetch<Lesson>(`${planUrl(planId)}/lessons`, { method: 'POST', body });
}

export function useAddLesson(planId: number | undefined) {
  const queryClient = useQueryClient();
  return useMutation<Lesson, ApiRequestError, CreateLessonRequest>({
    mutationFn: (body) => addLesson(planId ?? 0, body),
    onSuccess: () => refreshPlans(queryClient),
  });
}

type PlanSnapshot = [readonly unknown[], LessonPlan | LessonPlan[] | undefined][];

/** Applies `change` to the lesson wherever it is cached: the plan and the plan list. */
function patchCachedLesson(
  queryClient: QueryClient,
  planId: number,
  lessonId: number,
  change: UpdateLessonRequest,
): PlanSnapshot {
  const patchPlan = (plan: LessonPlan): LessonPlan => ({
    ...plan,
    lessons: plan.lessons.map((lesson) =>
      lesson.id === lessonId ? { ...lesson, ...change } : lesson,
    ),
  });
  const snapshot: PlanSnapshot = [];
  const planData = queryClient.getQueryData<LessonPlan>([planUrl(planId)]);
  snapshot.push([[planUrl(planId)], planData]);
  if (planData) queryClient.setQueryData([planUrl(planId)], patchPlan(planData));
  const list = queryClient.getQueryData<LessonPlan[]>([PLANS_URL]);
  snapshot.push([[PLANS_URL], list]);
  if (list) {
    queryClient.setQueryData(
      [PLANS_URL],
      list.map((plan) => (plan.id === planId ? patchPlan(plan) : plan)),
    );
  }
  return snapshot;
}

export interface UpdateLessonVariables {
  lessonId: number;
  change: UpdateLessonRequest;
}

/**
 * A move (`{ day }`) or an edit. Optimistic: the card shows its new place at once, and the
 * cache is put back as it was if the server refuses (the caller says so in a toast).
 */
export function useUpdateLesson(planId: number) {
  const queryClient = useQueryClient();
  return useMutation<Lesson, ApiRequestError, UpdateLessonVariables, { snapshot: PlanSnapshot }>({
    mutationFn: ({ lessonId, change }) =>
      apiFetch<Lesson>(lessonUrl(lessonId), { method: 'PUT', body: change }),
    onMutate: async ({ lessonId, change }) => {
      // A read in flight would overwrite the optimistic state with the old one.
      await queryClient.cancelQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith(PLANS_URL),
      });
      return { snapshot: patchCachedLesson(queryClient, planId, lessonId, change) };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.snapshot ?? []) queryClient.setQueryData(key, data);
    },
    // Not awaited: the toast says "moved" as soon as the server has saved it, and the read
    // that follows only confirms what the screen already shows.
    onSettled: () => {
      void refreshPlans(queryClient);
    },
  });
}

export function useDuplicateLesson() {
  const queryClient = useQueryClient();
  return useMutation<Lesson, ApiRequestError, number>({
    mutationFn: (lessonId) =>
      apiFetch<Lesson>(`${lessonUrl(lessonId)}/duplicate`, { method: 'POST' }),
    onSuccess: () => refreshPlans(queryClient),
  });
}

export function useDeleteLesson() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (lessonId) => apiFetch(lessonUrl(lessonId), { method: 'DELETE' }),
    onSuccess: () => refreshPlans(queryClient),
  });
}
