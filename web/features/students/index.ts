// What other features may use of the pupil directory (the Privacy tab's export and erase).
export { exportHref, useStudents } from './api/students';
export { EraseStudentDialog } from './components/erase-student-dialog';
