import type {
  BumpResult,
  CopyLessonPlanRequest,
  CreateLessonPlanRequest,
  LessonDay,
  LessonPlan,
  UpdateLessonPlanRequest,
} from '@contract/lesson-plans';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const PLANS_URL = '/api/lesson-plans';
export const planUrl = (planId: number) => `${PLANS_URL}/${planId}`;

/** After a plan create, lesson add or lesson move, the list and the plan are read again. */
export function refreshPlans(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith(PLANS_URL),
  });
}

export function useLessonPlans() {
  return useQuery<LessonPlan[], ApiRequestError>({ queryKey: [PLANS_URL], staleTime: 5_000 });
}

export function useLessonPlan(planId: number | undefined) {
  return useQuery<LessonPlan, ApiRequestError>({
    queryKey: [planUrl(planId ?? 0)],
    enabled: planId !== undefined,
    staleTime: 5_000,
  });
}

export function useCreateLessonPlan() {
  const queryClient = useQueryClient();
  return useMutation<LessonPlan, ApiRequestError, CreateLessonPlanRequest>({
    mutationFn: (body) => apiFetch<LessonPlan>(PLANS_URL, { method: 'POST', body }),
    onSuccess: (plan) => {
      queryClient.setQueryData([planUrl(plan.id)], plan);
      return refreshPlans(queryClient);
    },
  });
}

export function useRenameLessonPlan(planId: number) {
  const queryClient = useQueryClient();
  return useMutation<LessonPlan, ApiRequestError, UpdateLessonPlanRequest>({
    mutationFn: (body) => apiFetch<LessonPlan>(planUrl(planId), { method: 'PUT', body }),
    onSuccess: () => refreshPlans(queryClient),
  });
}

export function useDeleteLessonPlan() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (planId) => apiFetch(planUrl(planId), { method: 'DELETE' }),
    onSuccess: (_data, planId) => {
      queryClient.removeQueries({ queryKey: [planUrl(planId)] });
      return refreshPlans(queryClient);
    },
  });
}

/** "Copy to next week": the server moves the date range on a week unless told otherwise. */
export function useCopyLessonPlan(planId: number) {
  const queryClient = useQueryClient();
  return useMutation<LessonPlan, ApiRequestError, CopyLessonPlanRequest | undefined>({
    mutationFn: (body) =>
      apiFetch<LessonPlan>(`${planUrl(planId)}/copy`, { method: 'POST', body: body ?? {} }),
    onSuccess: (plan) => {
      queryClient.setQueryData([planUrl(plan.id)], plan);
      return refreshPlans(queryClient);
    },
  });
}

/** "Bump": a day's lessons and every later day's move on a day; Friday's to next week's plan. */
export function useBumpDay(planId: number) {
  const queryClient = useQueryClient();
  return useMutation<BumpResult, ApiRequestError, LessonDay>({
    mutationFn: (day) =>
      apiFetch<BumpResult>(`${planUrl(planId)}/bump`, { method: 'POST', body: { day } }),
    onSuccess: (result) => {
      queryClient.setQueryData([planUrl(result.plan.id)], result.plan);
      return refreshPlans(queryClient);
    },
  });
}
