import type { CreateFeedbackRequest, FeedbackItem } from '@contract/feedback';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { refreshDocuments } from './document';

export const feedbackUrl = (documentId: number) => `/api/documents/${documentId}/feedback`;

export function useFeedback(documentId: number) {
  return useQuery<FeedbackItem[], ApiRequestError>({ queryKey: [feedbackUrl(documentId)] });
}

/**
 * Saving feedback also moves a new document to "under review" on the server, so the
 * document and the list are read again, not only the feedback.
 */
export function useCreateFeedback(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<FeedbackItem, ApiRequestError, CreateFeedbackRequest>({
    mutationFn: (body) => apiFetch<FeedbackItem>(feedbackUrl(documentId), { method: 'POST', body }),
    onSuccess: () => refreshDocuments(queryClient),
  });
}

export function useUpdateFeedback(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<FeedbackItem, ApiRequestError, { id: number; content: string }>({
    mutationFn: ({ id, content }) =>
      apiFetch<FeedbackItem>(`/api/feedback/${id}`, { method: 'PUT', body: { content } }),
    onSuccess: (updated) => {
      queryClient.setQueryData<FeedbackItem[]>([feedbackUrl(documentId)], (items) =>
        items?.map((item) => (item.id === updated.id ? updated : item)),
      );
    },
  });
}

export function useDeleteFeedback(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(`/api/feedback/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<FeedbackItem[]>([feedbackUrl(documentId)], (items) =>
        items?.filter((item) => item.id !== id),
      );
      return refreshDocuments(queryClient);
    },
  });
}
