import { queryClient } from '@web/lib/query-client';
import { currentUserQuery, settingsQuery } from '@web/lib/start-queries';

/*
 * Started by main.tsx when the app opens on a teacher's address (its own chunk: pupils'
 * pages never load it). A teacher's page needs the workspace's code, the page's own code,
 * the signed-in teacher and their settings; otherwise each is asked for only once the
 * one before it has arrived and rendered. Started together, they arrive together.
 * Errors are left to the render, which shows them where they belong.
 *
 * Resolves once the workspace's and the page's code are here (or failed to arrive): main.tsx
 * renders then, so nothing on the way to the page has to suspend.
 */
export function startTeacherAddress(path: string): Promise<unknown> {
  void queryClient.prefetchQuery(currentUserQuery);
  // With the hook's own options: a hook that mounts while this is in flight joins it, and
  // must get the retry it would have had. Signed out, it answers 401 and the shell sends
  // the visitor to sign in.
  void queryClient.prefetchQuery(settingsQuery);
  // The dashboard, where a teacher lands, is fetched beside the workspace, not after it.
  const dashboard =
    path === '/teacher' || path === '/teacher/'
      ? import('@web/features/dashboard/components/dashboard-page').catch(() => {})
      : undefined;
  const area = import('./teacher-area').then(
    (area) => area.preloadTeacherPage(path),
    () => {},
  );
  return Promise.all([dashboard, area]);
}
