// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadablePage } from './preloadable-page';

afterEach(cleanup);

function Counter() {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount((n) => n + 1)}>
      Count {count}
    </button>
  );
}

const inSuspense = (node: React.ReactNode) => (
  <Suspense fallback={<p>Loading page</p>}>{node}</Suspense>
);

describe('preloadablePage', () => {
  it('loads on first render, through Suspense, when not preloaded', async () => {
    const load = vi.fn(async () => ({ Counter }));
    const Page = preloadablePage(load, 'Counter');
    render(inSuspense(<Page />));
    screen.getByText('Loading page');
    await screen.findByText('Count 0');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders at once, without its fallback, once preloaded; loads once', async () => {
    const load = vi.fn(async () => ({ Counter }));
    const Page = preloadablePage(load, 'Counter');
    await Page.preload();
    render(inSuspense(<Page />));
    // Synchronously: no Loading page in between.
    screen.getByText('Count 0');
    expect(screen.queryByText('Loading page')).toBeNull();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps the page and its state when it re-renders after its code arrived', async () => {
    const Page = preloadablePage(async () => ({ Counter }), 'Counter');
    const { rerender } = render(inSuspense(<Page />));
    fireEvent.click(await screen.findByText('Count 0'));
    screen.getByText('Count 1');
    rerender(inSuspense(<Page />));
    screen.getByText('Count 1');
  });

  it('tries a failed load again, and preload itself never rejects', async () => {
    const load = vi
      .fn<() => Promise<{ Counter: typeof Counter }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Counter });
    const Page = preloadablePage(load, 'Counter');
    await expect(Page.preload()).resolves.toBeUndefined();
    await act(() => Page.preload());
    render(inSuspense(<Page />));
    screen.getByText('Count 0');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
