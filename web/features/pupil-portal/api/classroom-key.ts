import type { ClassroomKey } from '@contract/classroom';
import { useApiResource } from '@web/lib/use-api-resource';

/** GET /api/classroom-keys/{id}: which classroom a pupil is handing in to. */
export function useClassroomKey(keyId: string) {
  return useApiResource<ClassroomKey>(
    { url: `/api/classroom-keys/${encodeURIComponent(keyId)}` },
    // A wrong key stays wrong; only a network hiccup is worth a second try.
    (retries, error) => !(error.status >= 400 && error.status < 500) && retries < 1,
  );
}
