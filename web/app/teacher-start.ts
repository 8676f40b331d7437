import { classroomPhraseQuery } from '@web/features/settings';
import { queryClient } from '@web/lib/query-client';
import { currentUserQuery, settingsQuery } from '@web/lib/start-queries';

/*
 * Started by main.tsx when the app opens on a teacher's address (its own chunk: pupils'
 * pages never load it). A teacher's page needs the workspace's code, the page's own code,
 * the signed-in teacher, their settings and passphrase, and on the dashboard the activity
 * list and the reports; otherwise each is asked for only once the one before it has arrived
 * and rendered. Started together, they arrive together (the route shell preloads the same
 * answers: web/build/prerender.ts). Errors are left to the render, which shows them where
 * they belong.
 *
 * Resolves once the code is here (or failed to arrive) and the answers too, or after
 * DATA_WAIT_MS: main.tsx renders then. Nothing on the way to the page has to suspend, and
 * the page renders once, with its data, as one transition that React slices. An answer
 * that came after the render would re-render every component reading it at once, in one
 * task, since a query's update is synchronous (decision 0033: blocking time on a phone).
 */

/** The longest the first render waits for answers once the code is here: a slow server
 *  gets the page with its loading placeholders rather than a longer loading screen. */
const DATA_WAIT_MS = 1_500;

export function startTeacherAddress(path: string): Promise<unknown> {
  const onDashboard = path === '/teacher' || path === '/teacher/';
  // With the hooks' own options: a hook that mounts while this is in flight joins it, and
  // must get the retry it would have had. Signed out, the first answers 401 and the shell
  // sends the visitor to sign in.
  const shellAnswers = [
    queryClient.prefetchQuery(currentUserQuery),
    queryClient.prefetchQuery(settingsQuery),
    queryClient.prefetchQuery(classroomPhraseQuery),
  ];
  // The dashboard, where a teacher lands, is fetched beside the workspace, not after it.
  const dashboardPage = onDashboard
    ? import('@web/app/dashboard/components/dashboard-page').catch(() => undefined)
    : undefined;
  const area = import('./teacher-area').then(
    (area) => area.preloadTeacherPage(path),
    () => {},
  );
  return Promise.all([dashboardPage, area]).then(([page]) => {
    // The dashboard's own answers are asked for by its chunk (the route shell has preloaded
    // them meanwhile), so the other pages do not carry its queries.
    const answers = [...shellAnswers, page?.fetchDashboardAnswers()];
    const waited = new Promise((resolve) => setTimeout(resolve, DATA_WAIT_MS));
    return Promise.race([Promise.all(answers), waited]);
  });
}
