import type {
  OnboardingState,
  PreferencesUpdate,
  SettingsResponse,
  TeacherPreferences,
} from '@contract/settings';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from './api';

/*
 * The teacher's settings and onboarding state, kept on the server (GET /api/settings).
 * Shared, not a feature: Settings writes them; the dashboard, the review screen, the
 * planner and the theme read them.
 */

export const SETTINGS_URL = '/api/settings';

export function useSettings(enabled = true) {
  return useQuery<SettingsResponse, ApiRequestError>({
    queryKey: [SETTINGS_URL],
    enabled,
    staleTime: 60_000,
  });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation<{ preferences: TeacherPreferences }, ApiRequestError, PreferencesUpdate>({
    mutationFn: (body) => apiFetch(SETTINGS_URL, { method: 'PUT', body }),
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
