/*
 * The queries every teacher page starts with, apart from auth.ts and settings-api.ts so
 * the app's entry can start them (router.tsx) without carrying those modules onto pupils'
 * pages.
 */

export const currentUserQueryKey = ['/api/auth/user'] as const;

/** Fresh for 10 s, refetched on window focus, never retried (401 is an answer). */
export const currentUserQuery = {
  queryKey: currentUserQueryKey,
  staleTime: 10_000,
  refetchOnWindowFocus: true,
  retry: false,
} as const;

export const SETTINGS_URL = '/api/settings';

/** The teacher's settings and onboarding state: the shell's theme and the dashboard read them. */
export const settingsQuery = { queryKey: [SETTINGS_URL], staleTime: 60_000 } as const;
