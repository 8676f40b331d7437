import { useEffect, useRef } from 'react';

/**
 * Calls `onRestore` when the page comes back from the back/forward cache, showing what it
 * showed when left: what it shows is asked for again, so a shared link revoked meanwhile
 * shows its "no longer available" screen instead of the feedback (decision 0030).
 */
export function useOnBackForwardRestore(onRestore: () => void): void {
  const latest = useRef(onRestore);
  latest.current = onRestore;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) latest.current();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
}
