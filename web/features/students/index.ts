// The pupil directory's door: its pages, and the Privacy tab's card for exporting and erasing
// a pupil's data (the app puts it into Settings).
export const loadStudentsPage = () => import('./components/students-page');
export const loadStudentDocumentsPage = () => import('./components/student-documents-page');
export const loadPupilDataCard = () => import('./components/pupil-data-card');
