import type { Student } from '@contract/students';

/** The search is case-insensitive against name and year group. */
export function matchesStudentSearch(student: Student, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return [student.displayName, student.name, student.yearGroup ?? ''].some((field) =>
    field.toLowerCase().includes(needle),
  );
}
