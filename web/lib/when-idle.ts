/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after
 * `timeoutMs`); returns a function that cancels it. Safari before 18 has no
 * requestIdleCallback: there it waits a fixed second.
 */
export function whenIdle(task: () => void, timeoutMs = 3000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 1000);
  return () => clearTimeout(handle);
}
