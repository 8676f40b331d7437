import { useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

/**
 * Navigates after a short delay that lets a confirmation be read (0.8 s after login, 0.3 s
 * for a missing session, ...),
 * cancelling the pending jump if the screen goes away first.
 */
export function useDelayedNavigate() {
  const [, navigate] = useLocation();
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return useCallback(
    (to: string, delayMs: number, options?: { replace?: boolean }) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => navigate(to, options), delayMs);
    },
    [navigate],
  );
}
