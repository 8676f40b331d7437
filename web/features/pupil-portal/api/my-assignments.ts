import type { Assignment, MyAssignmentsRequest } from '@contract/pupil-portal';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

/** POST /api/student-portal/my-assignments changes nothing, so it is read as a query. */
export function useMyAssignments(request: MyAssignmentsRequest | null) {
  return useQuery<Assignment[], ApiRequestError>({
    queryKey: ['my-assignments', request],
    queryFn: ({ signal }) =>
      apiFetch<Assignment[]>('/api/student-portal/my-assignments', {
        method: 'POST',
        body: request,
        signal,
      }),
    enabled: request !== null,
    // The server limits look-ups per pupil; a wrong name must not burn several of them.
    retry: (count, error) => error.status === 0 && count < 1,
    staleTime: 60_000,
  });
}
