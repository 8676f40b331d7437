import type { SettingsResponse, TeacherPreferences } from '@contract/settings';
import { DEFAULT_PREFERENCES } from '@contract/settings-defaults';
import { queryClient } from './query-client';
import { SETTINGS_URL, useSettings } from './settings-api';

/*
 * The teacher's preferences, read from the settings kept on the server (GET /api/settings,
 * cached by TanStack Query). Until they have loaded, the defaults apply: every privacy-
 * relevant default is the cautious one (live dictation off, notifications off).
 */

export type { TeacherPreferences };

export function usePreferences(): TeacherPreferences {
  return useSettings().data?.preferences ?? DEFAULT_PREFERENCES;
}

/** Outside React (a dialog's initial values): whatever the cache holds now. */
export function readPreferences(): TeacherPreferences {
  return (
    queryClient.getQueryData<SettingsResponse>([SETTINGS_URL])?.preferences ?? DEFAULT_PREFERENCES
  );
}

/** The Web Speech API, where the browser has one (Chrome and Safari prefix it). */
export function speechRecognitionAvailable(): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as unknown as Record<string, unknown>;
  return Boolean(w.SpeechRecognition || w.webkitSpeechRecognition);
}
