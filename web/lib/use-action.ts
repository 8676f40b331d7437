import { useCallback, useEffect, useRef, useState } from 'react';

export type ActionCallbacks<O, E> = {
  onSuccess?: (result: O) => void | Promise<void>;
  onError?: (error: E) => void;
};

/**
 * One thing a pupil's form sends (a classroom key to check, a piece of work to hand in):
 * `isPending` while it is on its way. The callbacks of a form that has gone (the pupil
 * moved on) are not called, as with TanStack Query's `mutate`, which these pages no longer
 * load (decision 0035).
 */
export function useAction<I, O, E = Error>(action: (input: I) => Promise<O>) {
  const [isPending, setPending] = useState(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = useCallback(
    (input: I, callbacks: ActionCallbacks<O, E> = {}) => {
      setPending(true);
      action(input).then(
        (result) => {
          if (!mounted.current) return;
          setPending(false);
          void callbacks.onSuccess?.(result);
        },
        (error: unknown) => {
          if (!mounted.current) return;
          setPending(false);
          callbacks.onError?.(error as E);
        },
      );
    },
    [action],
  );
  return { mutate, isPending };
}
