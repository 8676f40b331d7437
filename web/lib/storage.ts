/** Browser storage keys kept from earlier versions (cv_user_profile, cv_has_seen_intro) and our own. */
export const STORAGE_KEYS = {
  userProfile: 'cv_user_profile',
  hasSeenIntro: 'cv_has_seen_intro',
  /** '1' or '0': the dark-mode setting, read before the first paint by /theme-init.js. */
  darkMode: 'cv_dark_mode',
  /** The audio feedback player's speed ('0.75' … '2'), kept for the listener's next visit. */
  playbackRate: 'cv_playback_rate',
} as const;

// Storage can throw (private mode, quota, disabled cookies); the app must keep working without it.
export function readItem(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeItem(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the flag simply will not persist.
  }
}

export function removeItem(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

export function readJsonItem<T>(key: string): T | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as T;
  } catch (error) {
    console.warn(`Ignoring unreadable ${key} in local storage`, error);
    return null;
  }
}
