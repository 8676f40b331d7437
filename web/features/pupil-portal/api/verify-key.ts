import { useMutation } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

interface VerifyKeyResponse {
  valid: true;
  id: string;
}

/** POST /api/student-portal/verify-key: a classroom phrase in, the classroom key id out. */
export function useVerifyKey() {
  return useMutation<VerifyKeyResponse, ApiRequestError | Error, string>({
    mutationFn: (keyPhrase) =>
      apiFetch<VerifyKeyResponse>('/api/student-portal/verify-key', {
        method: 'POST',
        body: { keyPhrase },
      }),
  });
}
