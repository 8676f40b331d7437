// @vitest-environment happy-dom
import { queryClient } from '@web/lib/query-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTeacherAddress } from './teacher-start';

// The workspace and the dashboard are real chunks in the app; here only their part in the
// start matters: the workspace's code arrives at once, the dashboard names its answers.
vi.mock('./teacher-area', () => ({ preloadTeacherPage: vi.fn(async () => {}) }));
vi.mock('@web/app/dashboard/components/dashboard-page', async () => {
  const { queryClient } = await import('@web/lib/query-client');
  return {
    fetchDashboardAnswers: vi.fn(() =>
      queryClient.prefetchQuery({ queryKey: ['/api/activity'], staleTime: 2_000 }),
    ),
  };
});

/** Each request the start makes, answered only when the test says so. */
const pending = new Map<string, (body: unknown) => void>();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) =>
          pending.set(url, (body) => resolve(new Response(JSON.stringify(body)))),
        ),
    ),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  pending.clear();
  queryClient.clear();
});

/** True once the promise has settled, after letting pending microtasks run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('startTeacherAddress', () => {
  it('on the dashboard, holds the first render until the shell and dashboard answers are in', async () => {
    const started = startTeacherAddress('/teacher');
    await vi.advanceTimersByTimeAsync(0);
    expect([...pending.keys()].sort()).toEqual([
      '/api/activity',
      '/api/auth/user',
      '/api/settings',
      '/api/settings/classroom-phrase',
    ]);

    pending.get('/api/auth/user')?.({ id: 1, firstName: 'Ada' });
    pending.get('/api/settings')?.({ onboarding: {} });
    pending.get('/api/settings/classroom-phrase')?.({ classroomPhrase: 'a-b-c-d' });
    expect(await settled(started)).toBe(false);

    pending.get('/api/activity')?.([]);
    expect(await settled(started)).toBe(true);
    // The page's hooks find the answers already in the cache: nothing re-renders for them.
    expect(queryClient.getQueryData(['/api/auth/user'])).toEqual({ id: 1, firstName: 'Ada' });
    expect(queryClient.getQueryData(['/api/settings/classroom-phrase'])).toBe('a-b-c-d');
    expect(queryClient.getQueryData(['/api/activity'])).toEqual([]);
  });

  it('on another page, asks for the shell answers only', async () => {
    const started = startTeacherAddress('/teacher/documents');
    await vi.advanceTimersByTimeAsync(0);
    expect([...pending.keys()].sort()).toEqual([
      '/api/auth/user',
      '/api/settings',
      '/api/settings/classroom-phrase',
    ]);
    for (const answer of pending.values()) answer(null);
    expect(await settled(started)).toBe(true);
  });

  it('renders after 1.5 s without the answers when the server is slow', async () => {
    const started = startTeacherAddress('/teacher');
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(await settled(started)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(started)).toBe(true);
  });
});
