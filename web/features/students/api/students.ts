import type { DocumentSummary } from '@contract/documents';
import type { Student, StudentFootprint, StudentInput } from '@contract/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

export const studentsQueryKey = ['/api/students'] as const;

// Every cached read about pupils, and the documents list, whose pupil names change with them.
const touchesPupils = (query: { queryKey: readonly unknown[] }) => {
  const key = String(query.queryKey[0]);
  return key.startsWith('/api/students') || key.startsWith('/api/documents');
};

export function useStudents() {
  return useQuery<Student[], ApiRequestError>({ queryKey: studentsQueryKey, staleTime: 5000 });
}

export function useStudent(id: number) {
  return useQuery<Student, ApiRequestError>({ queryKey: [`/api/students/${id}`], retry: false });
}

export function useStudentDocuments(id: number) {
  return useQuery<DocumentSummary[], ApiRequestError>({
    queryKey: [`/api/students/${id}/documents`],
    staleTime: 1000,
  });
}

/** What erasing the pupil removes; read when the confirmation opens. */
export function useStudentFootprint(id: number | null) {
  return useQuery<StudentFootprint, ApiRequestError>({
    queryKey: [`/api/students/${id}/footprint`],
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useSaveStudent() {
  const queryClient = useQueryClient();
  return useMutation<Student, ApiRequestError, { id?: number; input: StudentInput }>({
    mutationFn: ({ id, input }) =>
      apiFetch<Student>(id ? `/api/students/${id}` : '/api/students', {
        method: id ? 'PUT' : 'POST',
        body: input,
      }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: touchesPupils }),
  });
}

export function useEraseStudent() {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (id) => apiFetch(`/api/students/${id}`, { method: 'DELETE' }),
    onSuccess: (_data, id) => {
      queryClient.setQueryData<Student[]>(studentsQueryKey, (list) =>
        list?.filter((s) => s.id !== id),
      );
      // The erased pupil's own reads would only answer 404 now: they are dropped, not refetched.
      const own = (query: { queryKey: readonly unknown[] }) =>
        String(query.queryKey[0]).startsWith(`/api/students/${id}`);
      return queryClient.invalidateQueries({
        predicate: (query) => touchesPupils(query) && !own(query),
      });
    },
  });
}

export function useMergeStudents() {
  const queryClient = useQueryClient();
  return useMutation<
    { student: Student; movedDocuments: number; movedReports: number },
    ApiRequestError,
    { fromId: number; intoId: number }
  >({
    mutationFn: ({ fromId, intoId }) =>
      apiFetch(`/api/students/${fromId}/merge`, {
        method: 'POST',
        body: { intoStudentId: intoId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ predicate: touchesPupils }),
  });
}

/** The export is a plain download: the browser streams it to disk with the session cookie. */
export function exportHref(id: number) {
  return `/api/students/${id}/export`;
}
