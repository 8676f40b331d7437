import type { ClassroomPhrase } from '@contract/classroom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, apiFetch } from '@web/lib/api';

export const classroomPhraseQueryKey = ['/api/settings/classroom-phrase'] as const;

/**
 * A failed fetch is only logged, never shown, and leaves the header without a
 * phrase. console.warn, not error: a missing phrase is not a fault in the page.
 */
async function fetchClassroomPhrase({ signal }: { signal: AbortSignal }): Promise<string | null> {
  try {
    const data = await apiFetch<ClassroomPhrase>(classroomPhraseQueryKey[0], { signal });
    return data?.classroomPhrase || null;
  } catch (error) {
    if (signal.aborted) return null;
    if (error instanceof ApiRequestError) console.warn('Failed to fetch classroom phrase', error);
    else console.warn('Error fetching classroom phrase', error);
    return null;
  }
}

/** Shared with teacher-start.ts, which fetches it before a teacher's page first renders. */
export const classroomPhraseQuery = {
  queryKey: classroomPhraseQueryKey,
  queryFn: fetchClassroomPhrase,
} as const;

export function useClassroomPhraseQuery() {
  return useQuery(classroomPhraseQuery);
}

/** The teacher's classroom passphrase, or null while loading, unset or unavailable. */
export function useClassroomPhrase(): string | null {
  return useClassroomPhraseQuery().data ?? null;
}

/** A fresh unused phrase from the server; nothing is saved until the teacher updates. */
export function fetchPhraseSuggestion(): Promise<ClassroomPhrase> {
  return apiFetch<ClassroomPhrase>('/api/settings/classroom-phrase/suggestion');
}

export function useUpdateClassroomPhrase() {
  const queryClient = useQueryClient();
  return useMutation<ClassroomPhrase, ApiRequestError | Error, string>({
    mutationFn: (classroomPhrase) =>
      apiFetch<ClassroomPhrase>(classroomPhraseQueryKey[0], {
        method: 'POST',
        body: { classroomPhrase },
      }),
    onSuccess: (data) => {
      queryClient.setQueryData(classroomPhraseQueryKey, data.classroomPhrase);
      // Every document's pupil address contains the phrase.
      void queryClient.invalidateQueries({
        predicate: (query) => String(query.queryKey[0]).startsWith('/api/documents'),
      });
    },
  });
}
