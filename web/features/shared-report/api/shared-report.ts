import type { SharedReport } from '@contract/parent-reports';
import { retryOnceUnlessMissing, useApiResource } from '@web/lib/use-api-resource';

export const sharedReportUrl = (key: string) => `/api/shared/${encodeURIComponent(key)}`;

/**
 * GET /api/shared/{key}; a 404 means the link is wrong, revoked or expired. Each load is
 * logged as a view: it is fetched once per opening.
 */
export function useSharedReport(key: string) {
  return useApiResource<SharedReport>({ url: sharedReportUrl(key) }, retryOnceUnlessMissing);
}
