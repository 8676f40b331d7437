import type { ClassroomKey } from '@contract/classroom';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

/** GET /api/classroom-keys/{id}: which classroom a pupil is handing in to. */
export function useClassroomKey(keyId: string) {
  return useQuery<ClassroomKey, ApiRequestError>({
    queryKey: ['classroom-key', keyId],
    queryFn: ({ signal }) =>
      apiFetch<ClassroomKey>(`/api/classroom-keys/${encodeURIComponent(keyId)}`, { signal }),
    // A wrong key stays wrong; only a network hiccup is worth a second try.
    retry: (count, error) => !(error.status >= 400 && error.status < 500) && count < 1,
  });
}
