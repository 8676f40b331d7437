import type { Lesson, LessonPlan } from '@contract/lesson-plans';
import type { TeacherPreferences } from '@contract/settings';
import { DEFAULT_ONBOARDING, DEFAULT_PREFERENCES } from '@contract/settings-defaults';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Toaster } from '@web/components/ui/toast';
import { createQueryClient } from '@web/lib/query-client';
import type { ReactElement } from 'react';

const STAMP = '2026-11-23T09:00:00.000Z';

export function makeLesson(fields: Partial<Lesson> & Pick<Lesson, 'id' | 'title'>): Lesson {
  return {
    planId: 1,
    description: `${fields.title} with the whole class`,
    timeSlot: '9:00 - 9:45 AM',
    day: 'Monday',
    color: 'blue',
    suggestionKey: null,
    className: null,
    recurring: false,
    createdAt: STAMP,
    updatedAt: STAMP,
    ...fields,
  };
}

export function makePlan(lessons: Lesson[]): LessonPlan {
  return {
    id: 1,
    title: 'Week 12',
    dateRange: '23 - 27 November 2026',
    lessons,
    createdAt: STAMP,
    updatedAt: STAMP,
  };
}

/** One request the component made, answered when the test says so. */
export interface PendingRequest {
  method: string;
  url: string;
  body: unknown;
  respond: (status: number, body: unknown) => void;
}

/**
 * Replaces fetch with a queue the test answers by hand, so it can look at the screen while a
 * request is still in flight (the optimistic state) and then decide how the server answers.
 */
export function holdRequests(): { requests: PendingRequest[]; restore: () => void } {
  const original = globalThis.fetch;
  const requests: PendingRequest[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve) => {
      requests.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        respond: (status, body) =>
          resolve(
            new Response(JSON.stringify(body), {
              status,
              headers: { 'Content-Type': 'application/json' },
            }),
          ),
      });
    })) as typeof fetch;
  return { requests, restore: () => (globalThis.fetch = original) };
}

/** Renders with a fresh query cache holding the plan, as if it had just been read. */
export function renderWithPlan(
  ui: ReactElement,
  plan: LessonPlan,
  preferences: Partial<TeacherPreferences> = {},
) {
  // The app's client (its URL-keyed fetcher), without retries, and no read goes stale by itself.
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: {
      ...queryClient.getDefaultOptions().queries,
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  });
  queryClient.setQueryData(['/api/lesson-plans'], [plan]);
  queryClient.setQueryData([`/api/lesson-plans/${plan.id}`], plan);
  // The teacher's settings (the school day, the AI switches), as if already read.
  queryClient.setQueryData(['/api/settings'], {
    preferences: { ...DEFAULT_PREFERENCES, ...preferences },
    onboarding: DEFAULT_ONBOARDING,
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      {ui}
      <Toaster />
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
