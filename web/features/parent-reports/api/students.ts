import type { Student } from '@contract/students';
import { useQuery } from '@tanstack/react-query';
import type { ApiRequestError } from '@web/lib/api';

export const STUDENTS_URL = '/api/students';

/** The teacher's pupil directory, for the pupil picker and the parent's address. */
export function useStudents() {
  return useQuery<Student[], ApiRequestError>({ queryKey: [STUDENTS_URL] });
}
