import type { AdminPupil } from '@contract/admin';
import type { StudentFootprint } from '@contract/students';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ApiRequestError, apiFetch } from '@web/lib/api';

const pupilsUrl = (teacherId: number) => `/api/admin/teachers/${teacherId}/students`;

/** A teacher's pupils, read only while the administrator has them open. */
export function useAdminPupils(teacherId: number, enabled: boolean) {
  return useQuery<AdminPupil[], ApiRequestError>({
    queryKey: [pupilsUrl(teacherId)],
    enabled,
    staleTime: 0,
  });
}

/** What erasing the pupil removes; read when the confirmation opens. */
export function useAdminPupilFootprint(teacherId: number, studentId: number | null) {
  return useQuery<StudentFootprint, ApiRequestError>({
    queryKey: [`${pupilsUrl(teacherId)}/${studentId}/footprint`],
    enabled: studentId !== null,
    staleTime: 0,
  });
}

export function useAdminErasePupil(teacherId: number) {
  const queryClient = useQueryClient();
  return useMutation<unknown, ApiRequestError, number>({
    mutationFn: (studentId) =>
      apiFetch(`${pupilsUrl(teacherId)}/${studentId}`, { method: 'DELETE' }),
    onSuccess: (_data, studentId) => {
      queryClient.setQueryData<AdminPupil[]>([pupilsUrl(teacherId)], (list) =>
        list?.filter((pupil) => pupil.id !== studentId),
      );
      // Erased: its footprint would only answer 404 now, so it is dropped, not refetched.
      queryClient.removeQueries({ queryKey: [`${pupilsUrl(teacherId)}/${studentId}/footprint`] });
      return queryClient.invalidateQueries({ queryKey: [pupilsUrl(teacherId)], exact: true });
    },
  });
}

/** The export is a plain download: the browser streams it to disk with the admin cookie. */
export function adminPupilExportHref(teacherId: number, studentId: number) {
  return `${pupilsUrl(teacherId)}/${studentId}/export`;
}
