import { useEffect } from 'react';
import { useSettings } from './settings-api';
import { STORAGE_KEYS, writeItem } from './storage';

/*
 * Dark mode: the class `dark` on <html> (see web/theme-dark.css). /theme-init.js sets it
 * before the first paint from this browser's cached value; once the server's settings
 * arrive they win, and the cache follows them for the next visit.
 */

export function applyDarkMode(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  writeItem(STORAGE_KEYS.darkMode, dark ? '1' : '0');
}

/** Mounted in the teacher shell: keeps <html> in step with the teacher's saved setting. */
export function useDarkModeFromSettings(signedIn: boolean): void {
  const darkMode = useSettings(signedIn).data?.preferences.darkMode;
  useEffect(() => {
    if (darkMode !== undefined) applyDarkMode(darkMode);
  }, [darkMode]);
}
