import { UNIQUE_ID_PATTERN } from '@contract/document-constants';
import type { DocumentExtract, DocumentStatus, DocumentSummary } from '@contract/documents';
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

/** 6 to 8 lowercase letters or digits are a unique id, anything else an id. */
export function documentUrl(routeId: string): string {
  return UNIQUE_ID_PATTERN.test(routeId)
    ? `/api/documents/id/${encodeURIComponent(routeId)}`
    : `/api/documents/${encodeURIComponent(routeId)}`;
}

/** Every cached read about documents: the list, one document, its extract, feedback, links. */
export function refreshDocuments(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => String(query.queryKey[0]).startsWith('/api/documents'),
  });
}

/** Not found is an answer (and a bad id is one too); only server trouble is worth a retry. */
const retryServerErrors = (count: number, error: ApiRequestError) =>
  count < 1 && (error.status === 0 || error.status >= 500);

export function useReviewDocument(routeId: string) {
  return useQuery<DocumentSummary, ApiRequestError>({
    queryKey: [documentUrl(routeId)],
    staleTime: 1000,
    retry: retryServerErrors,
  });
}

// While the text is being read, poll and show "Loading document content...".
const EXTRACT_POLL_MS = 1500;

export function useDocumentExtract(documentId: number | undefined) {
  return useQuery<DocumentExtract, ApiRequestError>({
    queryKey: [`/api/documents/${documentId}/extract`],
    // The extract call is made only when a document id exists.
    enabled: documentId !== undefined,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? EXTRACT_POLL_MS : false),
  });
}

/** "Try again" on a document whose text could not be read: the reading is queued afresh. */
export function useReadTextAgain(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError, void>({
    mutationFn: () =>
      apiFetch<DocumentSummary>(`/api/documents/${documentId}/extract/retry`, { method: 'POST' }),
    onSettled: () => refreshDocuments(queryClient),
  });
}

export function useUpdateDocumentStatus(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError, DocumentStatus>({
    mutationFn: (status) =>
      apiFetch<DocumentSummary>(`/api/documents/${documentId}`, {
        method: 'PUT',
        body: { status },
      }),
    onSuccess: () => refreshDocuments(queryClient),
  });
}

/** More feedback on reviewed work: pupils keep what was shared until it is shared again. */
export function useReopenDocument(documentId: number) {
  const queryClient = useQueryClient();
  return useMutation<DocumentSummary, ApiRequestError, void>({
    mutationFn: () =>
      apiFetch<DocumentSummary>(`/api/documents/${documentId}/reopen`, { method: 'POST' }),
    onSuccess: () => refreshDocuments(queryClient),
  });
}

export type DownloadFormat = 'pdf' | 'annotated-pdf' | 'docx';

function fileNameFrom(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      // Fall through to the plain form.
    }
  }
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * Fetches the rendered file, then hands it to the browser as a download. Going through
 * fetch (not a bare link) lets the screen say "downloaded" only when it really was.
 */
export async function downloadDocument(documentId: number, format: DownloadFormat): Promise<void> {
  const response = await fetch(`/api/documents/${documentId}/download?format=${format}`, {
    credentials: 'include',
  });
  if (!response.ok) {
    const data = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(data?.message || 'The document could not be downloaded. Please try again.');
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameFrom(
    response.headers.get('Content-Disposition'),
    `document.${format === 'docx' ? 'docx' : 'pdf'}`,
  );
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
