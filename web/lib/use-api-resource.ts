import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiFetchOptions, ApiRequestError, apiFetch } from './api';
import { useOnBackForwardRestore } from './use-back-forward-restore';

/*
 * What a pupil's or a parent's page reads: one answer, fetched when the page opens. These
 * pages do not load TanStack Query (about 10 KiB gzipped, decision 0035): a page that
 * asks one question and shows the answer needs neither a cache nor background refetching.
 */

export type ResourceRequest = { url: string; method?: 'GET' | 'POST'; body?: unknown };

/** Whether a failed attempt is worth another: `retries` is how many were made already. */
export type RetryPolicy = (retries: number, error: ApiRequestError) => boolean;

/** A link that is wrong, revoked or expired will not appear on a second try; else one more. */
export const retryOnceUnlessMissing: RetryPolicy = (retries, error) =>
  error.status !== 404 && error.status !== 400 && retries < 1;

type ResourceState<T> =
  | { isPending: true; isError: false; data: undefined; error: null }
  | { isPending: false; isError: true; data: undefined; error: ApiRequestError }
  | { isPending: false; isError: false; data: T; error: null };

export type ApiResource<T> = ResourceState<T> & {
  /** Asks again (a "Try again" button): the page shows its loading state meanwhile. */
  refetch: () => void;
};

const PENDING = { isPending: true, isError: false, data: undefined, error: null } as const;
/** TanStack Query's first retry delay, which these pages had before. */
export const RETRY_DELAY_MS = 1000;

/** No answer at all (offline, DNS, a reset connection) reads as status 0. */
function asApiError(error: unknown): ApiRequestError {
  if (error instanceof ApiRequestError) return error;
  return new ApiRequestError(0, error instanceof Error ? error.message : String(error));
}

/**
 * Fetches `request` (null: not yet) and again whenever it changes, on `refetch()`, and when
 * the page comes back from the back/forward cache (useOnBackForwardRestore).
 */
export function useApiResource<T>(
  request: ResourceRequest | null,
  retry: RetryPolicy,
): ApiResource<T> {
  const [state, setState] = useState<ResourceState<T>>(PENDING);
  const [round, setRound] = useState(0);
  // The request's content, not its identity, decides when to ask again.
  const key = request === null ? null : JSON.stringify(request);

  // The retry policy is read when a request fails, not a reason to ask again.
  const policy = useRef(retry);
  policy.current = retry;

  // biome-ignore lint/correctness/useExhaustiveDependencies: round is the refetch trigger
  useEffect(() => {
    if (key === null) return;
    const { url, method, body } = JSON.parse(key) as ResourceRequest;
    const options: ApiFetchOptions = { method, body };
    const controller = new AbortController();
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    setState(PENDING);
    const attempt = (retries: number) => {
      apiFetch<T>(url, { ...options, signal: controller.signal }).then(
        (data) => {
          if (!controller.signal.aborted)
            setState({ isPending: false, isError: false, data, error: null });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const failure = asApiError(error);
          if (policy.current(retries, failure)) {
            retryTimer = setTimeout(() => attempt(retries + 1), RETRY_DELAY_MS);
          } else {
            setState({ isPending: false, isError: true, data: undefined, error: failure });
          }
        },
      );
    };
    attempt(0);
    return () => {
      controller.abort();
      clearTimeout(retryTimer);
    };
  }, [key, round]);

  const refetch = useCallback(() => setRound((n) => n + 1), []);
  useOnBackForwardRestore(refetch);
  return { ...state, refetch };
}
