import { pupilDisplayName } from '../../../contract/pupil-names';
import type { Student } from '../../../contract/students';
import type { students } from './tables';

export function presentStudent(row: typeof students.$inferSelect): Student {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    surnameInitials: row.surnameInitials,
    displayName: pupilDisplayName(row),
    yearGroup: row.yearGroup,
    grade: row.grade,
    email: row.email,
    notes: row.notes,
    parentName: row.parentName,
    parentEmail: row.parentEmail,
    imageUrl: row.imageUrl,
    pupilCode: row.pupilCode,
    createdAt: row.createdAt.toISOString(),
  };
}
