import { useEffect, useState } from 'react';

/** How long typing must pause before a search is sent to the server. */
export const SEARCH_PAUSE_MS = 250;

/**
 * The value once it has stayed the same for `ms`: a search box that asks the server waits
 * for a pause in typing, so it asks once, not once per key.
 */
export function usePausedValue(value: string, ms = SEARCH_PAUSE_MS): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
