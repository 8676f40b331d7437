import type { Assignment, MyAssignmentsRequest } from '@contract/pupil-portal';
import { useApiResource } from '@web/lib/use-api-resource';

/** POST /api/student-portal/my-assignments changes nothing, so it is read like a page's data. */
export function useMyAssignments(request: MyAssignmentsRequest | null) {
  return useApiResource<Assignment[]>(
    request && { url: '/api/student-portal/my-assignments', method: 'POST', body: request },
    // The server limits look-ups per pupil; a wrong name must not burn several of them.
    (retries, error) => error.status === 0 && retries < 1,
  );
}
