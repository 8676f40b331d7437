import type { DocumentSummary } from '@contract/documents';
import type { uploadResponseSchema } from '@contract/pupil-portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { uploadFormData } from '@web/lib/upload-file';
import type { z } from 'zod';

export const documentsQueryKey = ['/api/documents'] as const;

// Every cached read of a document (list, one document by id or unique id, its extract).
const isDocumentQuery = (query: { queryKey: readonly unknown[] }) =>
  String(query.queryKey[0]).startsWith('/api/documents');

/** Freshness of 1 s (spec §9, "some views"): pupils hand work in while the list is open. */
export function useDocuments() {
  return useQuery<DocumentSummary[], ApiRequestError>({
    queryKey: documentsQueryKey,
    staleTime: 1000,
    // Text is read in the background; poll until every file has been read.
    refetchInterval: (query) =>
      query.state.data?.some((doc) => doc.extractionStatus === 'pending') ? 3000 : false,
  });
}

export function useRenameDocument() {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError, { id: number; title: string }>({
    mutationFn: ({ id, title }) =>
      apiFetch<DocumentSummary>(`/api/documents/${id}`, { method: 'PUT', body: { title } }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: isDocumentQuery }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(`/api/documents/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<DocumentSummary[]>(documentsQueryKey, (docs) =>
        docs?.filter((doc) => doc.id !== id),
      );
      return queryClient.invalidateQueries({ predicate: isDocumentQuery });
    },
  });
}

export interface UploadAssignmentInput {
  title: string;
  file: File;
  onProgress?: (fraction: number) => void;
}

/** The teacher's own upload: the file first (the session says whose), then the document. */
export function useUploadAssignment() {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError | Error, UploadAssignmentInput>({
    mutationFn: async ({ title, file, onProgress }) => {
      const body = new FormData();
      body.append('file', file);
      const { fileUrl } = await uploadFormData<z.infer<typeof uploadResponseSchema>>(
        '/api/uploads',
        body,
        {
          onProgress,
        },
      );
      return apiFetch<DocumentSummary>('/api/documents', {
        method: 'POST',
        body: { title, fileUrl },
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ predicate: isDocumentQuery }),
  });
}
