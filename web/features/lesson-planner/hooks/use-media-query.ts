import { useSyncExternalStore } from 'react';

/** True while the media query matches; follows the window as it is resized or rotated. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Below Tailwind's `md`: the week shows one day at a time. */
export const PHONE_QUERY = '(max-width: 767px)';
