import type { SharedFeedbackView } from '@contract/sharing';
import { useQuery } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const pupilDocumentUrl = (phrase: string, uniqueId: string) =>
  `/api/pupil-documents/${encodeURIComponent(phrase)}/${encodeURIComponent(uniqueId)}`;

/** A pupil's own work by classroom phrase and unique id; feedback only once it is published. */
export function usePupilDocument(phrase: string, uniqueId: string) {
  return useQuery<SharedFeedbackView, ApiRequestError>({
    queryKey: ['pupil-document', phrase, uniqueId],
    queryFn: ({ signal }) =>
      apiFetch<SharedFeedbackView>(pupilDocumentUrl(phrase, uniqueId), { signal }),
    retry: (count, error) => error.status !== 404 && error.status !== 400 && count < 1,
  });
}
