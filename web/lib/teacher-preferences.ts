import { useSyncExternalStore } from 'react';
import { readJsonItem, writeItem } from './storage';

/**
 * Teacher preferences kept in this browser only (spec: settings are held locally, never
 * sent). Shared, not a feature: Settings writes them, the review screen reads them.
 */
export interface TeacherPreferences {
  /**
   * Run the browser's own speech recognition while recording feedback. Off by default:
   * some browsers (Chrome among them) send the audio to their vendor to transcribe.
   */
  liveTranscription: boolean;
  /** Default of the share dialog's "Send email" box. */
  shareSendEmail: boolean;
  /** Default expiry of a new share link, 1 to 90 days. */
  shareExpiryDays: number;
}

const KEY = 'cv_teacher_preferences';

export const DEFAULT_PREFERENCES: TeacherPreferences = {
  liveTranscription: false,
  shareSendEmail: true,
  shareExpiryDays: 7,
};

function clampDays(value: unknown): number {
  const days = typeof value === 'number' && Number.isInteger(value) ? value : 7;
  return Math.min(90, Math.max(1, days));
}

// Stored values are user-editable: take only fields of the right type.
function read(): TeacherPreferences {
  const stored = readJsonItem<Partial<TeacherPreferences>>(KEY) ?? {};
  return {
    liveTranscription: stored.liveTranscription === true,
    shareSendEmail: stored.shareSendEmail !== false,
    shareExpiryDays: clampDays(stored.shareExpiryDays),
  };
}

let current: TeacherPreferences | null = null;
const listeners = new Set<() => void>();

function snapshot(): TeacherPreferences {
  current ??= read();
  return current;
}

function notify() {
  for (const listener of listeners) listener();
}

export function readPreferences(): TeacherPreferences {
  return snapshot();
}

export function updatePreferences(changes: Partial<TeacherPreferences>): void {
  current = { ...snapshot(), ...changes };
  writeItem(KEY, JSON.stringify(current));
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab changed them: read again.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    current = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePreferences(): TeacherPreferences {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_PREFERENCES);
}

/** The Web Speech API, where the browser has one (Chrome and Safari prefix it). */
export function speechRecognitionAvailable(): boolean {
  if (typeof window === 'undefined') return false;
  const w = window as unknown as Record<string, unknown>;
  return Boolean(w.SpeechRecognition || w.webkitSpeechRecognition);
}
