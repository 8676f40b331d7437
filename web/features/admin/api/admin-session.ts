import type { AdminLoginRequest, AdminSession } from '@contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const adminSessionQueryKey = ['/api/admin/session'] as const;

/** 200 with the admin's username, or 401 when nobody is signed in as administrator. */
export function useAdminSession() {
  return useQuery<AdminSession, ApiRequestError>({
    queryKey: adminSessionQueryKey,
    retry: false,
    staleTime: 30_000,
  });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError | Error, AdminLoginRequest>({
    mutationFn: (body) => apiFetch('/api/admin/login', { method: 'POST', body }),
    // Ask the server for the session rather than trusting the login body's shape.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSessionQueryKey }),
  });
}

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError | Error, void>({
    mutationFn: () => apiFetch('/api/admin/logout', { method: 'POST' }),
    // Even if the server call fails, nothing admin-only may stay in this tab's cache.
    onSettled: () => {
      queryClient.removeQueries({ queryKey: ['/api/admin/users'] });
      void queryClient.resetQueries({ queryKey: adminSessionQueryKey });
    },
  });
}
