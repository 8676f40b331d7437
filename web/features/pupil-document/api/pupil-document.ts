import type { SharedFeedbackView } from '@contract/sharing';
import { retryOnceUnlessMissing, useApiResource } from '@web/lib/use-api-resource';

export const pupilDocumentUrl = (phrase: string, uniqueId: string) =>
  `/api/pupil-documents/${encodeURIComponent(phrase)}/${encodeURIComponent(uniqueId)}`;

/** A pupil's own work by classroom phrase and unique id; feedback only once it is published. */
export function usePupilDocument(phrase: string, uniqueId: string) {
  return useApiResource<SharedFeedbackView>(
    { url: pupilDocumentUrl(phrase, uniqueId) },
    retryOnceUnlessMissing,
  );
}
