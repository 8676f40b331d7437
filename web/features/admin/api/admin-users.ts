import type { AdminUser } from '@contract/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { type ApiRequestError, apiFetch, errorMessage } from '@web/lib/api';
import { useEffect } from 'react';

export const adminUsersQueryKey = ['/api/admin/users'] as const;

/** Three retries, 1 s doubling up to 10 s. */
export function adminUsersRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

export function useAdminUsers() {
  const query = useQuery<AdminUser[], ApiRequestError>({
    queryKey: adminUsersQueryKey,
    retry: 3,
    retryDelay: adminUsersRetryDelay,
  });
  // Each failed load produces a new error object, so every failure is announced once.
  const { isError, error } = query;
  useEffect(() => {
    if (isError) {
      toast({
        title: 'Error loading users',
        description: errorMessage(error, 'The user list could not be loaded.'),
        variant: 'destructive',
      });
    }
  }, [isError, error]);
  return query;
}

export type UserAction = 'verify' | 'block' | 'unblock' | 'delete';

const actionTexts: Record<UserAction, { failure: string; success: string; detail: string }> = {
  verify: {
    failure: 'Failed to verify user',
    success: 'User verified',
    detail: 'can now log in.',
  },
  block: {
    failure: 'Failed to block user',
    success: 'User blocked',
    detail: 'can no longer log in.',
  },
  unblock: {
    failure: 'Failed to unblock user',
    success: 'User unblocked',
    detail: 'can log in again.',
  },
  delete: {
    failure: 'Failed to delete user',
    success: 'User deleted',
    detail: 'and all of their data have been removed.',
  },
};

function runAction(user: AdminUser, action: UserAction): Promise<unknown> {
  if (action === 'delete') return apiFetch(`/api/admin/users/${user.id}`, { method: 'DELETE' });
  return apiFetch(`/api/admin/users/${user.id}/${action}`, { method: 'POST' });
}

export function useUserAction() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError | Error, { user: AdminUser; action: UserAction }>({
    mutationFn: ({ user, action }) => runAction(user, action),
    onSuccess: (_data, { user, action }) => {
      const texts = actionTexts[action];
      toast({ title: texts.success, description: `${user.email} ${texts.detail}` });
    },
    onError: (error, { action }) => {
      const failure = actionTexts[action].failure;
      // The server's message when it sent one; the title already carries the fallback text.
      toast({
        title: failure,
        description: errorMessage(error, '') || undefined,
        variant: 'destructive',
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminUsersQueryKey }),
  });
}
