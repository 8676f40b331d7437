import type { Activity } from '@contract/activity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiRequestError } from '@web/lib/api';
import { useEffect } from 'react';

export const ACTIVITY_URL = '/api/activity';

// Records the activity list is built from; when one of their lists is read again after a
// change (a report deleted, a lesson moved in the embedded planner), the list follows.
const SOURCE_URLS = ['/api/parent-reports', '/api/lesson-plans', '/api/documents'];

/**
 * Read again whenever the dashboard opens: events happen on every other screen. Fresh for
 * two seconds only, so the answer teacher-start.ts fetched with the page's code is not
 * asked for a second time as the list mounts.
 */
export const activityQuery = { queryKey: [ACTIVITY_URL], staleTime: 2_000 } as const;

export function useRecentActivity() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        const key = String(event.query.queryKey[0]);
        if (
          event.type === 'updated' &&
          event.action.type === 'success' &&
          event.query.state.dataUpdateCount > 1 &&
          SOURCE_URLS.some((url) => key.startsWith(url))
        ) {
          void queryClient.invalidateQueries({ queryKey: [ACTIVITY_URL] });
        }
      }),
    [queryClient],
  );
  return useQuery<Activity[], ApiRequestError>(activityQuery);
}
