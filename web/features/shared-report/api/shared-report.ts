import type { SharedReport } from '@contract/parent-reports';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const sharedReportUrl = (key: string) => `/api/shared/${encodeURIComponent(key)}`;

/** GET /api/shared/{key}; a 404 means the link is wrong, revoked or expired. */
export function useSharedReport(key: string) {
  return useQuery<SharedReport, ApiRequestError>({
    queryKey: ['shared-report', key],
    queryFn: ({ signal }) => apiFetch<SharedReport>(sharedReportUrl(key), { signal }),
    retry: (count, error) => error.status !== 404 && error.status !== 400 && count < 1,
    // Each load is logged as a view: no refetching behind the parent's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
