// The pupil-portal feature's door: what the app (and only the app) takes from it.
export const loadStudentPortalPage = () => import('./components/student-portal-page');
export const loadSubmitPage = () => import('./components/submit-page');
export const loadMarkedWorkPage = () => import('./components/marked-work-page');
