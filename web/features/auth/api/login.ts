import type { LoginRequest, User } from '@contract/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { currentUserQueryKey } from '@web/lib/auth';

export function loginTeacher(body: LoginRequest): Promise<User> {
  return apiFetch<User>('/api/auth/login', { method: 'POST', body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation<User, ApiRequestError | Error, LoginRequest>({
    mutationFn: loginTeacher,
    // The teacher shell reads this cache first, so /teacher opens without a second round trip.
    onSuccess: (user) => queryClient.setQueryData(currentUserQueryKey, user),
  });
}
