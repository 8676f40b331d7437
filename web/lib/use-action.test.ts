// @vitest-environment happy-dom
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAction } from './use-action';

afterEach(cleanup);

/** An action the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useAction', () => {
  it('is pending while the action runs, then calls onSuccess with its result', async () => {
    const run = deferred<{ id: string }>();
    const action = vi.fn((_input: string) => run.promise);
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useAction(action));
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate('brave-otter-blue-river', { onSuccess }));
    expect(result.current.isPending).toBe(true);
    expect(action).toHaveBeenCalledWith('brave-otter-blue-river');
    await act(async () => run.resolve({ id: 'k1' }));
    expect(result.current.isPending).toBe(false);
    expect(onSuccess).toHaveBeenCalledWith({ id: 'k1' });
  });

  it('passes a failure to onError', async () => {
    const run = deferred<never>();
    const onError = vi.fn();
    const { result } = renderHook(() => useAction(() => run.promise));
    act(() => result.current.mutate(undefined, { onError }));
    await act(async () => run.reject(new Error('Upload failed')));
    expect(result.current.isPending).toBe(false);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });

  it('does not call back into a form that has gone', async () => {
    const run = deferred<string>();
    const onSuccess = vi.fn();
    const { result, unmount } = renderHook(() => useAction(() => run.promise));
    act(() => result.current.mutate(undefined, { onSuccess }));
    unmount();
    await act(async () => run.resolve('done'));
    expect(onSuccess).not.toHaveBeenCalled();
  });
});
