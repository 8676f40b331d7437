/**
 * How a pupil is named to the teacher and in what parents and pupils read: first name and
 * surname, or the surname's initials when only those are known.
 */
export function pupilDisplayName(student: {
  name: string;
  surname: string | null;
  surnameInitials: string | null;
}) {
  return [student.name, student.surname ?? student.surnameInitials].filter(Boolean).join(' ');
}
