import type { DocumentMark, SaveMarkRequest } from '@contract/marking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const markUrl = (documentId: number) => `/api/documents/${documentId}/mark`;

export function useDocumentMark(documentId: number) {
  return useQuery<DocumentMark, ApiRequestError>({ queryKey: [markUrl(documentId)] });
}

export function useSaveMark(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<DocumentMark, ApiRequestError, SaveMarkRequest>({
    mutationFn: (body) => apiFetch<DocumentMark>(markUrl(documentId), { method: 'PUT', body }),
    onSuccess: (saved) => {
      queryClient.setQueryData([markUrl(documentId)], saved);
      return queryClient.invalidateQueries({ queryKey: ['/api/marks/last-rubric'] });
    },
  });
}

/** The criteria of the teacher's last rubric, offered for the next piece of the set. */
export function useLastRubric(enabled: boolean) {
  return useQuery<{ criteria: string[] }, ApiRequestError>({
    queryKey: ['/api/marks/last-rubric'],
    enabled,
  });
}
