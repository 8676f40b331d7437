import type { RegisterRequest, RegisterResponse } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { currentUserQueryKey } from '@web/lib/auth';

export function registerTeacher(body: RegisterRequest): Promise<RegisterResponse> {
  return apiFetch<RegisterResponse>('/api/auth/register', { method: 'POST', body });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation<RegisterResponse, ApiRequestError | Error, RegisterRequest>({
    mutationFn: registerTeacher,
    // A registration that signs the teacher in makes any cached "not signed in" answer stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}
