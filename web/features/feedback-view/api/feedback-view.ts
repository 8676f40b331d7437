import type { SharedFeedbackView } from '@contract/sharing';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const feedbackViewUrl = (accessKey: string) =>
  `/api/feedback-view/${encodeURIComponent(accessKey)}`;

/** GET /api/feedback-view/{accessKey}; a 404 means the link is wrong, revoked or expired. */
export function useFeedbackView(accessKey: string) {
  return useQuery<SharedFeedbackView, ApiRequestError>({
    queryKey: ['feedback-view', accessKey],
    queryFn: ({ signal }) => apiFetch<SharedFeedbackView>(feedbackViewUrl(accessKey), { signal }),
    // A missing link will not appear on a second try; anything else gets one more go.
    retry: (count, error) => error.status !== 404 && error.status !== 400 && count < 1,
    // Each load counts as a view on the teacher's side: no refetching behind the reader's back.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
