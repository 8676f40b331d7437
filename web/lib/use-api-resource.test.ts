// @vitest-environment happy-dom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from './api';
import { RETRY_DELAY_MS, type ResourceRequest, useApiResource } from './use-api-resource';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

type Answer = { status: number; body: unknown } | Error;

/** A fetch that answers from the list in turn (the last answer repeats) and records calls. */
function stubFetch(...answers: Answer[]) {
  const calls: { url: string; method: string; body: unknown; signal: AbortSignal }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      signal: init.signal as AbortSignal,
    });
    const answer = answers[Math.min(calls.length, answers.length) - 1] as Answer;
    if (answer instanceof Error) throw answer;
    return new Response(JSON.stringify(answer.body), { status: answer.status });
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

const never = () => false;

/** happy-dom's PageTransitionEvent drops `persisted`; the browser's carries it. */
function pageShow(persisted: boolean) {
  const event = new Event('pageshow');
  Object.defineProperty(event, 'persisted', { value: persisted });
  window.dispatchEvent(event);
}

describe('useApiResource', () => {
  it('is pending, then holds the answer; asks once for the same request', async () => {
    const calls = stubFetch({ status: 200, body: { name: 'Year 5' } });
    const { result, rerender } = renderHook(
      ({ request }: { request: ResourceRequest }) => useApiResource(request, never),
      { initialProps: { request: { url: '/api/thing' } } },
    );
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual({ name: 'Year 5' }));
    expect(result.current.isError).toBe(false);
    // A new object with the same content is the same request.
    rerender({ request: { url: '/api/thing' } });
    expect(calls).toHaveLength(1);
  });

  it('sends a POST body and asks again when the request changes', async () => {
    const calls = stubFetch({ status: 200, body: [] });
    const { rerender, result } = renderHook(
      ({ request }: { request: ResourceRequest | null }) => useApiResource(request, never),
      { initialProps: { request: null as ResourceRequest | null } },
    );
    expect(result.current.isPending).toBe(true);
    expect(calls).toHaveLength(0);
    rerender({ request: { url: '/api/list', method: 'POST', body: { firstName: 'Ada' } } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toMatchObject({ method: 'POST', body: { firstName: 'Ada' } });
    rerender({ request: { url: '/api/list', method: 'POST', body: { firstName: 'Bo' } } });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[0]?.signal.aborted).toBe(true);
  });

  it('a refused request is an error with the server’s status and message, asked once', async () => {
    const calls = stubFetch({ status: 404, body: { message: 'Link not found' } });
    const { result } = renderHook(() =>
      useApiResource({ url: '/api/missing' }, (retries, error) => error.status !== 404 && !retries),
    );
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiRequestError);
    expect(result.current.error?.status).toBe(404);
    expect(result.current.error?.message).toBe('Link not found');
    expect(calls).toHaveLength(1);
  });

  it('no answer at all reads as status 0 and is tried again after a pause when the policy says so', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(new TypeError('Failed to fetch'));
    const policy = vi.fn(
      (retries: number, error: ApiRequestError) => error.status === 0 && !retries,
    );
    const { result } = renderHook(() => useApiResource({ url: '/api/thing' }, policy));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(result.current.isPending).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAY_MS));
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(calls).toHaveLength(2);
    expect(result.current.error?.status).toBe(0);
    expect(policy.mock.calls.map(([retries]) => retries)).toEqual([0, 1]);
  });

  it('refetch() shows the loading state again, then the new answer', async () => {
    stubFetch({ status: 503, body: null }, { status: 200, body: { ok: true } });
    const { result } = renderHook(() => useApiResource({ url: '/api/thing' }, never));
    await waitFor(() => expect(result.current.isError).toBe(true));
    act(() => result.current.refetch());
    expect(result.current.isPending).toBe(true);
    await waitFor(() => expect(result.current.data).toEqual({ ok: true }));
  });

  it('asks again when the page comes back from the back/forward cache, not on an ordinary pageshow', async () => {
    const calls = stubFetch({ status: 200, body: { views: 1 } }, { status: 404, body: null });
    const { result } = renderHook(() => useApiResource({ url: '/api/shared/k' }, never));
    await waitFor(() => expect(result.current.data).toEqual({ views: 1 }));
    act(() => pageShow(false));
    expect(calls).toHaveLength(1);
    act(() => pageShow(true));
    await waitFor(() => expect(result.current.error?.status).toBe(404));
    expect(calls).toHaveLength(2);
  });

  it('leaving the page abandons the request and its retry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = stubFetch(new TypeError('Failed to fetch'));
    const { unmount } = renderHook(() => useApiResource({ url: '/api/thing' }, () => true));
    await waitFor(() => expect(calls).toHaveLength(1));
    unmount();
    expect(calls[0]?.signal.aborted).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(RETRY_DELAY_MS * 3));
    expect(calls).toHaveLength(1);
  });
});
