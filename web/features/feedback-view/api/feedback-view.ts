import type { SharedFeedbackView } from '@contract/sharing';
import { retryOnceUnlessMissing, useApiResource } from '@web/lib/use-api-resource';

export const feedbackViewUrl = (accessKey: string) =>
  `/api/feedback-view/${encodeURIComponent(accessKey)}`;

/**
 * GET /api/feedback-view/{accessKey}; a 404 means the link is wrong, revoked or expired.
 * Each load counts as a view on the teacher's side: it is fetched once per opening.
 */
export function useFeedbackView(accessKey: string) {
  return useApiResource<SharedFeedbackView>(
    { url: feedbackViewUrl(accessKey) },
    retryOnceUnlessMissing,
  );
}
