import { apiFetch } from '@web/lib/api';
import { useAction } from '@web/lib/use-action';

interface VerifyKeyResponse {
  valid: true;
  id: string;
}

/** POST /api/student-portal/verify-key: a classroom phrase in, the classroom key id out. */
const verifyKey = (keyPhrase: string) =>
  apiFetch<VerifyKeyResponse>('/api/student-portal/verify-key', {
    method: 'POST',
    body: { keyPhrase },
  });

export function useVerifyKey() {
  return useAction(verifyKey);
}
