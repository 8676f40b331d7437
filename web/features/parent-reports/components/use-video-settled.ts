import { useVideoStatus } from '@web/lib/video-renders';
import { useEffect } from 'react';
import { useRefreshReports } from '../api/reports';

/**
 * Watches a report's render (the same status query its player polls) and reads the reports
 * again once it is done or has failed, so the list, View and Share say what it holds.
 */
export function useVideoSettled(renderId: string | null) {
  const status = useVideoStatus(renderId).data?.status;
  const refresh = useRefreshReports();
  const settled = status === 'done' || status === 'failed';
  useEffect(() => {
    if (settled) void refresh();
  }, [settled, refresh]);
}
