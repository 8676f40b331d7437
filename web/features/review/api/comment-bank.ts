import type { BankComment } from '@contract/marking';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const COMMENT_BANK_URL = '/api/comment-bank';

/** The whole bank, most used first: a few hundred short texts, searched as the teacher types. */
export function useCommentBank() {
  return useQuery<BankComment[], ApiRequestError>({ queryKey: [COMMENT_BANK_URL] });
}

/**
 * The comments holding every word typed (any order, any case), in the bank's order: the
 * same rule as the server's `q`.
 */
export function searchBank(comments: BankComment[], query: string): BankComment[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return comments;
  return comments.filter((comment) => {
    const text = comment.text.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export function useSaveBankComment() {
  const queryClient = useQueryClient();
  return useMutation<BankComment, ApiRequestError, string>({
    mutationFn: (text) =>
      apiFetch<BankComment>(COMMENT_BANK_URL, { method: 'POST', body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMMENT_BANK_URL] }),
  });
}

export function useUpdateBankComment() {
  const queryClient = useQueryClient();
  return useMutation<BankComment, ApiRequestError, { id: number; text: string }>({
    mutationFn: ({ id, text }) =>
      apiFetch<BankComment>(`${COMMENT_BANK_URL}/${id}`, { method: 'PUT', body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMMENT_BANK_URL] }),
  });
}

export function useDeleteBankComment() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(`${COMMENT_BANK_URL}/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [COMMENT_BANK_URL] }),
  });
}

/** Saved feedback counts the comments it used: the bank's order changes. */
export function useRefreshCommentBank() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [COMMENT_BANK_URL] });
}
