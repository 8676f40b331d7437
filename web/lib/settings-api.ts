import type {
  OnboardingState,
  PreferencesUpdate,
  SettingsResponse,
  TeacherPreferences,
} from '@contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from './api';
import { SETTINGS_URL, settingsQuery } from './start-queries';

/*
 * The teacher's settings and onboarding state, kept on the server (GET /api/settings).
 * Shared, not a feature: Settings writes them; the dashboard, the review screen, the
 * planner and the theme read them.
 */

export { SETTINGS_URL } from './start-queries';

export function useSettings(enabled = true) {
  return useQuery<SettingsResponse, ApiRequestError>({ ...settingsQuery, enabled });
}

/**
 * Saves some preferences. The switch moves at once (the cache is updated before the
 * request) and moves back if the server refuses, so the screen never shows a setting
 * the server does not hold.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation<
    { preferences: TeacherPreferences },
    ApiRequestError,
    PreferencesUpdate,
    { previous: SettingsResponse | undefined }
  >({
    mutationFn: (body) => apiFetch(SETTINGS_URL, { method: 'PUT', body }),
    onMutate: async (changes) => {
      await queryClient.cancelQueries({ queryKey: [SETTINGS_URL] });
      const previous = queryClient.getQueryData<SettingsResponse>([SETTINGS_URL]);
      if (previous) {
        queryClient.setQueryData<SettingsResponse>([SETTINGS_URL], {
          ...previous,
          preferences: { ...previous.preferences, ...changes },
        });
      }
      return { previous };
    },
    onError: (_error, _changes, context) => {
      if (context?.previous) queryClient.setQueryData([SETTINGS_URL], context.previous);
    },
    onSuccess: ({ preferences }) =>
      queryClient.setQueryData<SettingsResponse>([SETTINGS_URL], (current) =>
        current ? { ...current, preferences } : current,
      ),
  });
}

export function useUpdateOnboarding() {
  const queryClient = useQueryClient();
  return useMutation<{ onboarding: OnboardingState }, ApiRequestError, Partial<OnboardingState>>({
    mutationFn: (body) => apiFetch(`${SETTINGS_URL}/onboarding`, { method: 'PUT', body }),
    onSuccess: ({ onboarding }) =>
      queryClient.setQueryData<SettingsResponse>([SETTINGS_URL], (current) =>
        current ? { ...current, onboarding } : current,
      ),
  });
}
