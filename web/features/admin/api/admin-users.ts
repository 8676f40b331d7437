import type { AdminUser, AdminUserSummary } from '@contract/admin';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { toast } from '@web/components/ui/use-toast';
import { type ApiRequestError, apiFetch, errorMessage } from '@web/lib/api';
// The teacher list pages as the documents list does, with the same headers.
import { fetchKeysetPage, keysetPagePath } from '@web/lib/keyset-page';
import { useEffect } from 'react';

export const adminUsersQueryKey = ['/api/admin/users'] as const;
const summaryPath = '/api/admin/users/summary';

/** Three retries, 1 s doubling up to 10 s. */
export function adminUsersRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 10_000);
}

/** Each failed load produces a new error object, so every failure is announced once. */
function useLoadFailureToast(isError: boolean, error: ApiRequestError | null) {
  useEffect(() => {
    if (isError) {
      toast({
        title: 'Error loading users',
        description: errorMessage(error, 'The user list could not be loaded.'),
        variant: 'destructive',
      });
    }
  }, [isError, error]);
}

export interface AdminUsersPage {
  users: AdminUser[];
  /** How many teachers the search matches in all, loaded or not. */
  total: number;
  nextCursor: string | null;
}

/**
 * The teachers 50 at a time, newest first, searched on the server: a district's 5,000
 * are never sent at once. "Load more" asks for the next 50.
 */
export function useAdminUsers(search: string) {
  const needle = search.trim();
  const query = useInfiniteQuery<
    AdminUsersPage,
    ApiRequestError,
    InfiniteData<AdminUsersPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...adminUsersQueryKey, { search: needle }],
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) => {
      const path = keysetPagePath('/api/admin/users', { q: needle, cursor: pageParam });
      const page = await fetchKeysetPage<AdminUser>(path, signal);
      return { users: page.rows, total: page.total, nextCursor: page.nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    // Typing a search keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    retry: 3,
    retryDelay: adminUsersRetryDelay,
  });
  useLoadFailureToast(query.isError, query.error);
  return query;
}

/** The dashboard's counts of teachers, verified and blocked, without the list itself. */
export function useAdminUserSummary() {
  const query = useQuery<AdminUserSummary, ApiRequestError>({
    queryKey: [...adminUsersQueryKey, 'summary'],
    queryFn: ({ signal }) => apiFetch<AdminUserSummary>(summaryPath, { signal }),
    retry: 3,
    retryDelay: adminUsersRetryDelay,
  });
  useLoadFailureToast(query.isError, query.error);
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
