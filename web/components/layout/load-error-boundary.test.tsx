// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadErrorBoundary } from './load-error-boundary';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const flaky = { fail: false };
/** Fails to render while `flaky.fail` is set. */
function Flaky() {
  if (flaky.fail) throw new Error('render failed');
  return <p>Loaded</p>;
}

describe('LoadErrorBoundary', () => {
  it('says in its place that a part failed to load, keeps the rest, and offers a reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Missing = lazy(() =>
      Promise.reject(new Error('Failed to fetch dynamically imported module')),
    );
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <main>
        <h1>Dashboard</h1>
        <LoadErrorBoundary what="the feedback tool">
          <Suspense fallback={<p>Loading…</p>}>
            <Missing />
          </Suspense>
        </LoadErrorBoundary>
      </main>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      "We couldn't load the feedback tool. Please check your connection, then reload the page.",
    );
    screen.getByRole('heading', { name: 'Dashboard' });
    fireEvent.click(screen.getByRole('button', { name: 'Reload the page' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('tries again when its reset key changes (the teacher went to another page)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    flaky.fail = true;
    const { rerender } = render(
      <LoadErrorBoundary what="this page" resetKey="/teacher/documents">
        <Flaky />
      </LoadErrorBoundary>,
    );
    await screen.findByRole('alert');
    flaky.fail = false;
    rerender(
      <LoadErrorBoundary what="this page" resetKey="/teacher/profile">
        <Flaky />
      </LoadErrorBoundary>,
    );
    await screen.findByText('Loaded');
  });

  it('shows its children when nothing fails', () => {
    render(<LoadErrorBoundary what="this page">Fine</LoadErrorBoundary>);
    screen.getByText('Fine');
  });
});
