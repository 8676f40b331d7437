// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NearViewport } from './near-viewport';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An IntersectionObserver the test drives: `enter()` reports the place near the viewport. */
function stubObserver() {
  const observers: {
    callback: IntersectionObserverCallback;
    options?: IntersectionObserverInit;
  }[] = [];
  const disconnect = vi.fn();
  class FakeObserver {
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      observers.push({ callback, options });
    }
    observe() {}
    disconnect = disconnect;
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const { callback } of observers) {
        callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
      }
    });
  return { observers, disconnect, report };
}

describe('NearViewport', () => {
  it('keeps the placeholder until the place comes within a screen, then shows the part', () => {
    const observer = stubObserver();
    render(<NearViewport placeholder={<p>Loading the part…</p>}>Part</NearViewport>);
    screen.getByText('Loading the part…');
    expect(observer.observers[0]?.options?.rootMargin).toBe('100% 0px');
    observer.report(false);
    expect(screen.queryByText('Part')).toBeNull();
    observer.report(true);
    screen.getByText('Part');
    expect(screen.queryByText('Loading the part…')).toBeNull();
    expect(observer.disconnect).toHaveBeenCalled();
  });

  it('shows the part at once where the browser cannot observe', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<NearViewport placeholder={<p>Loading the part…</p>}>Part</NearViewport>);
    screen.getByText('Part');
  });
});
