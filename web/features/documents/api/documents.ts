import type { DocumentListTab, DocumentSummary } from '@contract/documents';
import type { uploadResponseSchema } from '@contract/pupil-portal';
import type { Student } from '@contract/students';
import {
  type InfiniteData,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';
import { fetchKeysetPage, keysetPagePath } from '@web/lib/keyset-page';
import { uploadFormData } from '@web/lib/upload-file';
import type { z } from 'zod';

export const documentsQueryKey = ['/api/documents'] as const;

// Every cached read of a document (list, one document by id or unique id, its extract).
const isDocumentQuery = (query: { queryKey: readonly unknown[] }) =>
  String(query.queryKey[0]).startsWith('/api/documents');

export interface DocumentsPage {
  documents: DocumentSummary[];
  /** How many documents the tab and search match in all, loaded or not. */
  total: number;
  nextCursor: string | null;
}

/**
 * The list arrives from the server 50 at a time (newest first, filtered there); the page
 * shows 10 more per "Load More" and asks for the next 50 only when it runs out.
 * Freshness of 1 s: pupils hand work in while the list is open.
 */
export function useDocuments(tab: DocumentListTab, search: string) {
  return useInfiniteQuery<
    DocumentsPage,
    ApiRequestError,
    InfiniteData<DocumentsPage, string | null>,
    readonly unknown[],
    string | null
  >({
    queryKey: [...documentsQueryKey, { tab, search: search.trim() }],
    initialPageParam: null,
    queryFn: async ({ pageParam, signal }) => {
      const path = keysetPagePath('/api/documents', {
        tab: tab === 'all' ? null : tab,
        q: search.trim(),
        cursor: pageParam,
      });
      const page = await fetchKeysetPage<DocumentSummary>(path, signal);
      return { documents: page.rows, total: page.total, nextCursor: page.nextCursor };
    },
    getNextPageParam: (last) => last.nextCursor,
    staleTime: 1000,
    // Typing a search keeps the current rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    // Text is read in the background; poll until every loaded file has been read.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) =>
        page.documents.some((doc) => doc.extractionStatus === 'pending'),
      )
        ? 3000
        : false,
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
      // Gone from every loaded list at once, before the refetch confirms it.
      queryClient.setQueriesData<InfiniteData<DocumentsPage, string | null>>(
        { queryKey: documentsQueryKey },
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              documents: page.documents.filter((doc) => doc.id !== id),
            })),
          },
      );
      return queryClient.invalidateQueries({ predicate: isDocumentQuery });
    },
  });
}

export interface UploadAssignmentInput {
  title: string;
  file: File;
  /** The pupil whose work it is: it then shows in their documents and their marked work. */
  studentId: number | null;
  onProgress?: (fraction: number) => void;
}

/** The teacher's pupils, to choose whose paper work is being uploaded (read when asked). */
export function usePupilChoices(enabled: boolean) {
  return useQuery<Student[], ApiRequestError>({
    queryKey: ['/api/students'],
    enabled,
    staleTime: 5000,
  });
}

/** The teacher's own upload: the file first (the session says whose), then the document. */
export function useUploadAssignment() {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError | Error, UploadAssignmentInput>({
    mutationFn: async ({ title, file, studentId, onProgress }) => {
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
        body: { title, fileUrl, studentId },
      });
    },
    // The pupil's own list of documents (the directory) holds it too.
    onSuccess: () =>
      queryClient.invalidateQueries({
        predicate: (query) =>
          isDocumentQuery(query) || String(query.queryKey[0]).startsWith('/api/students/'),
      }),
  });
}
