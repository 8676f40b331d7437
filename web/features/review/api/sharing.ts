import type { ShareFeedbackRequest, ShareLinkSummary } from '@contract/sharing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { refreshDocuments } from './document';

export interface ShareResult {
  shareableLink: string;
  expiresAt: string | null;
  emailSent: boolean;
}

const linksUrl = (documentId: number) => `/api/documents/${documentId}/share-links`;

export function useShareLinks(documentId: number) {
  return useQuery<ShareLinkSummary[], ApiRequestError>({
    queryKey: [linksUrl(documentId)],
    // View counts change while the teacher is away from the page.
    staleTime: 10_000,
  });
}

/** Sharing also marks the document shared; the list and the document are read again. */
export function useShareFeedback(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<ShareResult, ApiRequestError, ShareFeedbackRequest>({
    mutationFn: (body) =>
      apiFetch<ShareResult>(`/api/documents/${documentId}/share-feedback`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => refreshDocuments(queryClient),
  });
}

export function useRevokeShareLink(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (linkId) => apiFetch(`/api/share-links/${linkId}/revoke`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [linksUrl(documentId)] }),
  });
}
